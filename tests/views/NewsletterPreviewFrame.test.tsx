/**
 * The preview frame (issue 28): the mail as a document of its own, loaded from the signed URL of
 * the preview, never as `srcdoc` (which inherits the staff page's policy and loses every inline
 * style), and sandboxed without any allowance.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewsletterPreviewFrame } from '../../src/views/NewsletterPreviewFrame.tsx';

// happy-dom loads no frame page (it says so on stderr); the route's answer has server tests.
const DOCUMENT_URL = '/api/v1/newsletters/7/preview/document?user=2&expires=9&signature=s';

describe('NewsletterPreviewFrame', () => {
  it('loads the preview document from its own URL, sandboxed with no allowance', () => {
    render(<NewsletterPreviewFrame title="Pregled: Ponuda" documentUrl={DOCUMENT_URL} />);
    const frame = screen.getByTitle('Pregled: Ponuda');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', DOCUMENT_URL);
    expect(frame).not.toHaveAttribute('srcdoc');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  });
});
