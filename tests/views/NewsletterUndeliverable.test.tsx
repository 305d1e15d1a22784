/** The hard bounces of a newsletter in its list item (issue 28): each address with the answer. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewsletterUndeliverable } from '../../src/views/NewsletterUndeliverable.tsx';

describe('NewsletterUndeliverable', () => {
  it('names each refused address with the receiving server’s answer', () => {
    render(
      <NewsletterUndeliverable
        recipients={[{ email: 'ivo@example.com', reason: '550 No such user' }]}
      />,
    );
    expect(screen.getByText(/Nedostavljivo: 1/)).toBeInTheDocument();
    expect(screen.getByText('ivo@example.com: 550 No such user')).toBeInTheDocument();
  });

  it('shows nothing when every address took the mail', () => {
    const { container } = render(<NewsletterUndeliverable recipients={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
