import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { PARTNER_RULES } from '../api/contract.ts';
import type {
  CreatePartnerRequest,
  DeletePartnerRequest,
  UpdatePartnerRequest,
} from '../api/partners.ts';
import {
  partnerFormMachine,
  selectDeleteDialog,
  selectEditedPartner,
  selectPartnerDraft,
  selectPartnerSubmitting,
  selectPartnersLoading,
} from '../machines/partnerForm.machine.ts';
import { errorMessages } from '../machines/partnerForm.rules.ts';
import { PartnerFormPage } from '../views/PartnerFormPage.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';

/** The toasts of this screen: a new submit or delete closes the earlier ones. */
const NOTICE_SOURCE = 'partners';

/** /admin/partners: add, change and delete partners, the existing ones listed below the form. */
export function PartnerFormContainer() {
  const { api, notify } = useEffects();
  const [snapshot, send] = useMachine(
    partnerFormMachine.provide({
      actors: {
        loadPartners: fromPromise(() => api.partners.listPartners()),
        createPartner: fromPromise(({ input }: { input: CreatePartnerRequest }) =>
          api.partners.createPartner(input),
        ),
        updatePartner: fromPromise(({ input }: { input: UpdatePartnerRequest }) =>
          api.partners.updatePartner(input),
        ),
        deletePartner: fromPromise(({ input }: { input: DeletePartnerRequest }) =>
          api.partners.deletePartner(input),
        ),
      },
      actions: {
        notify: (_, text) => notify.success(text, { source: NOTICE_SOURCE }),
        dismissNotices: () => notify.dismiss(NOTICE_SOURCE),
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
      edited={selectEditedPartner(snapshot) ?? null}
      partners={partners}
      listFailed={listFailed}
      deleteDialog={selectDeleteDialog(snapshot)}
      rules={PARTNER_RULES}
      onEdit={(values) => send({ type: 'EDIT', values })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onStartEdit={(id) => send({ type: 'START_EDIT', id })}
      onCancelEdit={() => send({ type: 'CANCEL_EDIT' })}
      onAskDelete={(id) => send({ type: 'ASK_DELETE', id })}
      onCancelDelete={() => send({ type: 'CANCEL_DELETE' })}
      onConfirmDelete={() => send({ type: 'CONFIRM_DELETE' })}
      onChooseReassign={(id) => send({ type: 'CHOOSE_REASSIGN', id })}
    />
  );
}
