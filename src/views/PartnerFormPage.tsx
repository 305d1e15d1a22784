/**
 * Partners (SPEC 2 admin screen 8, 5 "Partner"; issue 29): the form (name, website and logo, each
 * with its messages under it and all of them listed under the form) adds a partner or changes the
 * one taken into it, and below it the existing partners (logo, name, website) with 'Uredi' and
 * 'Obriši'. Deleting asks first; a refusal names the educations that use the partner and offers
 * to move them to another. Pure: the container binds the partner form machine.
 */
import { useEffect, useId } from 'react';
import type { PARTNER_RULES, Partner } from '../api/contract.ts';
import type {
  DeleteProblem,
  PartnerDraft,
  PartnerFormErrors,
} from '../machines/partnerForm.rules.ts';
import { partnerFormMessages } from '../messages/partnerForm.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorList } from './ErrorList.tsx';
import { ExternalLink } from './ExternalLink.tsx';
import { FileInput } from './FileInput.tsx';
import { useFormFields } from './formFields.tsx';
import { Spinner, SubmitOrSpinner } from './Spinner.tsx';
import './forms.css';
import './PartnerFormPage.css';

const text = partnerFormMessages;

type PartnerFormField = keyof PartnerFormErrors;

/** The open delete dialog (selectDeleteDialog). */
export interface PartnerDeleteDialog {
  partner: Partner;
  busy: boolean;
  problem: DeleteProblem | null;
  /** The partners that may take over its educations. */
  candidates: readonly Partner[];
  reassignTo: number | null;
}

export interface PartnerFormPageProps {
  /** The existing partners are loading: the form comes with them. */
  loading: boolean;
  draft: PartnerDraft;
  errors: PartnerFormErrors;
  /** The messages of `errors` in the order of the form, each once. */
  problems: readonly string[];
  submitting: boolean;
  /** The partner the form changes; null while it adds a new one. */
  edited: Partner | null;
  partners: readonly Partner[];
  listFailed: boolean;
  deleteDialog: PartnerDeleteDialog | null;
  rules: typeof PARTNER_RULES;
  onEdit: (values: Partial<PartnerDraft>) => void;
  onSubmit: () => void;
  onStartEdit: (id: number) => void;
  onCancelEdit: () => void;
  onAskDelete: (id: number) => void;
  onCancelDelete: () => void;
  onConfirmDelete: () => void;
  onChooseReassign: (id: number) => void;
}

export function PartnerFormPage(props: PartnerFormPageProps) {
  const id = useId();
  const listId = `${id}-list`;
  return (
    <section aria-labelledby={`${id}-title`} className="partner-form">
      <h1 id={`${id}-title`}>{props.edited ? text.editTitle(props.edited.name) : text.title}</h1>
      {props.loading ? (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      ) : (
        <>
          <PartnerForm {...props} />
          <PartnerList {...props} listId={listId} />
        </>
      )}
      {props.deleteDialog && (
        <DeleteDialog {...props} dialog={props.deleteDialog} fallbackFocusId={`${listId}-title`} />
      )}
    </section>
  );
}

function DeleteDialog({
  dialog,
  fallbackFocusId,
  onCancelDelete,
  onConfirmDelete,
  onChooseReassign,
}: PartnerFormPageProps & { dialog: PartnerDeleteDialog; fallbackFocusId: string }) {
  const id = useId();
  const { partner, problem, candidates, reassignTo, busy } = dialog;
  const offersMove = problem?.inUse === true && candidates.length > 0;
  const confirmLabel =
    problem === null ? text.confirmYes : offersMove ? text.reassignYes : undefined;
  return (
    <ConfirmDialog
      // A refusal is a new question: its dialog starts again on the safe answer.
      key={problem === null ? 'confirm' : 'refused'}
      title={problem === null ? text.confirmTitle : text.refusedTitle}
      text={problem === null ? text.confirmText(partner.name) : problem.text}
      cancelLabel={problem === null ? text.confirmNo : text.close}
      confirmLabel={confirmLabel}
      busyLabel={text.deleting}
      busy={busy}
      fallbackFocusId={fallbackFocusId}
      onCancel={onCancelDelete}
      onConfirm={onConfirmDelete}
    >
      {problem?.inUse && !offersMove && <p>{text.noOtherPartner}</p>}
      {offersMove && (
        <div className="form__field">
          <label className="form__label" htmlFor={`${id}-reassign`}>
            {text.reassignLabel}
          </label>
          <select
            id={`${id}-reassign`}
            className="form__input"
            value={String(reassignTo ?? '')}
            disabled={busy}
            onChange={(event) => onChooseReassign(Number(event.target.value))}
          >
            {candidates.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </ConfirmDialog>
  );
}

function PartnerForm({
  draft,
  errors,
  problems,
  submitting,
  edited,
  rules,
  onEdit,
  onSubmit,
  onCancelEdit,
}: PartnerFormPageProps) {
  const { id, form, fieldId, invalid, describedBy, field } =
    useFormFields<PartnerFormField>(errors);
  // A partner taken into the form from the list below: the form is where the work goes on.
  const editedId = edited?.id;
  // The field's id is the same on every render (useId), so it never runs the effect again.
  const nameId = fieldId('name');
  useEffect(() => {
    if (editedId === undefined) return;
    const name = document.getElementById(nameId);
    name?.focus({ preventScroll: true });
    name?.scrollIntoView?.({ block: 'center' });
  }, [editedId, nameId]);

  const textInput = (
    name: 'name' | 'websiteUrl',
    type: 'text' | 'url',
    maxLength: number,
    hint: boolean,
  ) => (
    <input
      id={fieldId(name)}
      className="form__input"
      type={type}
      autoComplete="off"
      maxLength={maxLength}
      value={draft[name]}
      disabled={submitting}
      aria-invalid={invalid(name) || undefined}
      aria-describedby={describedBy(name, hint)}
      onChange={(event) => onEdit({ [name]: event.target.value })}
    />
  );

  return (
    <form
      {...form}
      className="form partner-form__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) onSubmit();
      }}
    >
      {field('name', text.name, textInput('name', 'text', rules.nameMaxLength, false))}
      {field(
        'websiteUrl',
        text.websiteUrl,
        textInput('websiteUrl', 'url', rules.websiteUrlMaxLength, true),
        text.websiteUrlHint,
      )}
      {edited && (
        <figure className="partner-form__current-logo">
          <img src={edited.logoUrl} alt="" />
          <figcaption>{text.currentLogo}</figcaption>
        </figure>
      )}
      {field(
        'logo',
        text.logo,
        <FileInput
          id={fieldId('logo')}
          className="form__input partner-form__file"
          file={draft.logo}
          accept={rules.logoAccept}
          disabled={submitting}
          invalid={invalid('logo')}
          describedBy={describedBy('logo', true)}
          onChange={(event) => onEdit({ logo: event.target.files?.[0] ?? null })}
        />,
        edited ? text.logoEditHint : text.logoHint,
      )}
      <ErrorList id={`${id}-errors`} problems={problems} />
      <div className="form__actions">
        {edited && !submitting && (
          <button type="button" className="button button--secondary" onClick={onCancelEdit}>
            {text.cancelEdit}
          </button>
        )}
        <SubmitOrSpinner
          submitting={submitting}
          label={edited ? text.save : text.submit}
          submittingLabel={edited ? text.saving : text.submitting}
        />
      </div>
    </form>
  );
}

function PartnerList({
  partners,
  listFailed,
  listId,
  edited,
  submitting,
  onStartEdit,
  onAskDelete,
}: PartnerFormPageProps & { listId: string }) {
  const empty = partners.length === 0;
  return (
    <section aria-labelledby={`${listId}-title`} className="partner-list">
      <h2 id={`${listId}-title`} tabIndex={-1}>
        {text.listTitle}
      </h2>
      {listFailed && <p className="partner-list__note">{text.listFailed}</p>}
      {empty && !listFailed && <p className="partner-list__note">{text.none}</p>}
      {!empty && (
        <ul className="partner-list__items">
          {partners.map((partner) => (
            <li key={partner.id} className="partner-list__item">
              {/* The name beside it says what the logo shows. */}
              <img className="partner-list__logo" src={partner.logoUrl} alt="" loading="lazy" />
              <div className="partner-list__text">
                <span className="partner-list__name">{partner.name}</span>
                <ExternalLink href={partner.websiteUrl} className="partner-list__website">
                  {partner.websiteUrl}
                </ExternalLink>
              </div>
              <div className="partner-list__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={text.editLabel(partner.name)}
                  aria-pressed={edited?.id === partner.id}
                  disabled={submitting}
                  onClick={() => onStartEdit(partner.id)}
                >
                  {text.edit}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={text.deleteLabel(partner.name)}
                  disabled={submitting}
                  onClick={() => onAskDelete(partner.id)}
                >
                  {text.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
