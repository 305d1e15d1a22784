import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { PARTNER_RULES } from '../api/contract.ts';
import type { CreatePartnerRequest } from '../api/partners.ts';
import {
  partnerFormMachine,
  selectPartnerDraft,
  selectPartnerSubmitting,
  selectPartnersLoading,
} from '../machines/partnerForm.machine.ts';
import { errorMessages } from '../machines/partnerForm.rules.ts';
import { PartnerFormPage } from '../views/PartnerFormPage.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';

/** /admin/partners: create a partner, with the existing ones listed below the form. */
export function PartnerFormContainer() {
  const { api, notify } = useEffects();
  const [snapshot, send] = useMachine(
    partnerFormMachine.provide({
      actors: {
        loadPartners: fromPromise(() => api.partners.listPartners()),
        createPartner: fromPromise(({ input }: { input: CreatePartnerRequest }) =>
          api.partners.createPartner(input),
        ),
      },
      actions: {
        notifyCreated: (_, text) => notify.success(text),
      },
    }),
    { inspect: useInspect() },
  );
  const { errors, partners, listFailed } = snapshot.context;
  return (
    <PartnerFormPage
      loading={selectPartnersLoading(snapshot)}
      draft={selectPartnerDraft(snapshot)}
      errors={errors}
      problems={errorMessages(errors)}
      submitting={selectPartnerSubmitting(snapshot)}
      partners={partners}
      listFailed={listFailed}
      rules={PARTNER_RULES}
      onEdit={(values) => send({ type: 'EDIT', values })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}
