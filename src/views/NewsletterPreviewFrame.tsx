/**
 * The preview of a newsletter (issue 28): the exact HTML the dispatcher sends for its version,
 * loaded as a document of its own from a signed API path whose answer carries its own
 * Content-Security-Policy (inline styles and our images, nothing executable). A `srcdoc`
 * document would inherit this page's policy, which refuses the mail's inline styles. The empty
 * sandbox adds no allowance: no script, form, popup or navigation of this page, and an opaque
 * origin that cannot reach the staff member's session.
 */
import './NewsletterPreviewFrame.css';

export interface NewsletterPreviewFrameProps {
  title: string;
  /** `documentUrl` of GET /newsletters/{id}/preview. */
  documentUrl: string;
}

export function NewsletterPreviewFrame({ title, documentUrl }: NewsletterPreviewFrameProps) {
  return (
    <iframe
      className="newsletter-preview-frame"
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      src={documentUrl}
    />
  );
}
