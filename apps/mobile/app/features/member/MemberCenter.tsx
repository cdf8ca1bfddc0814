import { useState } from 'react';
import { showToast } from '@portal/ui';
import { FormSkinProvider, PHONE_FORM_SKIN } from '@portal/ui/member';
import { ColumnPanel } from './ColumnPanel';
import { ProfilePanel } from './ProfilePanel';
import './member.css';
import { TEXT } from '@portal/api-client/messages';

type Tab = 'info' | 'column';

/** The member centre's messages: the shared toast. */
const say = showToast;

const TABS: [Tab, string][] = [
  ['info', TEXT.basicInfo],
  ['column', '我的专栏'],
];

/**
 * The member features of /user in a phone layout (spec sections 2 and 4): the profile with the
 * avatar, and the column (application status, or the article list once approved, with writing).
 */
export function MemberCenter({ memberId }: { memberId: number }) {
  const [tab, setTab] = useState<Tab>('info');

  return (
    <FormSkinProvider skin={PHONE_FORM_SKIN}>
      <section className="mm-center">
        <div className="mm-tabs" role="tablist">
          {TABS.map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`mm-tab-${key}`}
              aria-selected={tab === key}
              aria-controls={`mm-panel-${key}`}
              className={`mm-tabs__tab${tab === key ? ' is-active' : ''}`}
              onClick={() => setTab(key)}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="mm-panel" role="tabpanel" id={`mm-panel-${tab}`} aria-labelledby={`mm-tab-${tab}`}>
          {tab === 'info' ? (
            <ProfilePanel memberId={memberId} say={say} />
          ) : (
            <ColumnPanel memberId={memberId} say={say} />
          )}
        </div>
      </section>
    </FormSkinProvider>
  );
}
