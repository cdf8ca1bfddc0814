import { EditOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { PRESENCE_HEARTBEAT_MS, presenceText, type PresenceByRecord } from '@portal/api-client/presence';
import { adminApi } from '../../lib/api';

/**
 * Announces that this editor has the record open (a heartbeat while the page is shown, a goodbye
 * when it closes) and answers who else has it open, so a collision is seen before it happens.
 */
export function usePresence(entity: string, id: string | null): string[] {
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    if (id === null) return undefined;
    let live = true;
    const beat = () =>
      adminApi.presence
        .beat(entity, id)
        .then((r) => live && setOthers(r.editors))
        .catch(() => undefined); // presence is a hint: a missed beat changes nothing else
    void beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    return () => {
      live = false;
      clearInterval(timer);
      void adminApi.presence.leave(entity, id).catch(() => undefined);
    };
  }, [entity, id]);
  return others;
}

/** Who else has each record of a list page open, refreshed at the heartbeat's pace. */
export function usePresenceList(entity: string, ids: readonly (string | number)[]): PresenceByRecord {
  const [byRecord, setByRecord] = useState<PresenceByRecord>({});
  const key = ids.join(',');
  useEffect(() => {
    if (key === '') return undefined;
    let live = true;
    const ask = () =>
      adminApi.presence
        .of(entity, key)
        .then((r) => live && setByRecord(r))
        .catch(() => undefined);
    void ask();
    const timer = setInterval(ask, PRESENCE_HEARTBEAT_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [entity, key]);
  return byRecord;
}

/** 张三 正在编辑, as a tag; nothing when nobody else is there. */
export function PresenceTag({ names }: { names: readonly string[] | undefined }) {
  if (!names || names.length === 0) return null;
  return (
    <Tag color="orange" icon={<EditOutlined />}>
      {presenceText(names)}
    </Tag>
  );
}
