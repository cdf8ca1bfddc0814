import { href } from '@portal/routes';

export interface PrivacyLinkProps {
  children?: React.ReactNode;
  className?: string;
}

/**
 * A link to the privacy statement for forms that collect personal data. A new tab keeps what the
 * reader typed; a document link because the statement may live in another app than the form.
 */
export function PrivacyLink({ children = '《隐私声明》', className }: PrivacyLinkProps) {
  return (
    <a href={href.privacy()} target="_blank" rel="noopener" className={className}>
      {children}
    </a>
  );
}
