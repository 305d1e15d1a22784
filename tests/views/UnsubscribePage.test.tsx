import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  selectUnsubscribeCampaign,
  selectUnsubscribeStatus,
  unsubscribeMachine,
  type UnsubscribeContext,
} from '../../src/machines/unsubscribe.machine.ts';
import { UnsubscribePage } from '../../src/views/UnsubscribePage.tsx';

const CONTEXT: UnsubscribeContext = {
  campaign: 'courses',
  email: 'ana@primjer.hr',
  unsubscribeToken: 'token',
  supportEmail: 'podrska@dentalia.hr',
};

function renderIn(value: string, context: UnsubscribeContext = CONTEXT) {
  const snapshot = unsubscribeMachine.resolveState({ value, context });
  render(
    <UnsubscribePage
      brand="Zubna Kuća"
      campaign={selectUnsubscribeCampaign(snapshot)}
      status={selectUnsubscribeStatus(snapshot)}
    />,
  );
}

describe('UnsubscribePage', () => {
  it('titles the brand’s newsletter and names the campaign', () => {
    renderIn('unsubscribing');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Odjava s newslettera Zubna Kuća' }),
    ).toBeVisible();
    expect(screen.getByText('Newsletter o tečajevima')).toBeVisible();
  });

  it('while unsubscribing: the progress, announced politely, and no way out yet', () => {
    renderIn('unsubscribing');
    const progress = screen.getByText('Odjava u tijeku…');
    expect(progress.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('unsubscribed: the success and a way home', () => {
    renderIn('unsubscribed', { ...CONTEXT, campaign: 'catalogs' });
    expect(screen.getByText('Uspješno ste se odjavili s newslettera.')).toBeVisible();
    expect(screen.getByText('Newsletter s novostima iz kataloga')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Natrag na početnu stranicu' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('failed: "Odjava nije uspjela." and a way home', () => {
    renderIn('failed');
    expect(screen.getByText('Odjava nije uspjela.')).toBeVisible();
    expect(screen.queryByText('Odjava u tijeku…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag na početnu stranicu' })).toBeVisible();
  });

  it('leaving (a bad link): only the title while the visitor is sent home', () => {
    renderIn('leaving', { ...CONTEXT, campaign: null });
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByText(/Newsletter/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
