/**
 * Create a partner (SPEC 2 admin screen 8, 5 "Partner"): name, website and logo, each with its
 * messages under it and all of them listed under the form, and below it the existing partners (logo, name, website) so staff see
 * what exists. Pure: the container binds the partner form machine.
 */
import { useId } from 'react';
import type { PARTNER_RULES, Partner } from '../api/contract.ts';
import type { PartnerDraft, PartnerFormErrors } from '../machines/partnerForm.rules.ts';
import { partnerFormMessages } from '../messages/partnerForm.ts';
import { ErrorList } from './ErrorList.tsx';
import { ExternalLink } from './ExternalLink.tsx';
import { FileInput } from './FileInput.tsx';
import { useFormFields } from './formFields.tsx';
import { Spinner, SubmitOrSpinner } from './Spinner.tsx';
import './forms.css';
import './PartnerFormPage.css';

const text = partnerFormMessages;

type PartnerFormField = keyof PartnerFormErrors;

export interface PartnerFormPageProps {
  /** The existing partners are loading: the form comes with them. */
  loading: boolean;
  draft: PartnerDraft;
  errors: PartnerFormErrors;
  /** The messages of `errors` in the order of the form, each once. */
  problems: readonly string[];
  submitting: boolean;
  partners: readonly Partner[];
  listFailed: boolean;
  rules: typeof PARTNER_RULES;
  onEdit: (values: Partial<PartnerDraft>) => void;
  onSubmit: () => void;
}

export function PartnerFormPage(props: PartnerFormPageProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="partner-form">
      <h1 id={`${id}-title`}>{text.title}</h1>
      {props.loading ? (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      ) : (
        <>
          <PartnerForm {...props} />
          <PartnerList partners={props.partners} listFailed={props.listFailed} />
        </>
      )}
    </section>
  );
}

function PartnerForm({
  draft,
  errors,
  problems,
  submitting,
  rules,
  onEdit,
  onSubmit,
}: PartnerFormPageProps) {
  const { id, form, fieldId, invalid, describedBy, field } =
    useFormFields<PartnerFormField>(errors);

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
        text.logoHint,
      )}
      <ErrorList id={`${id}-errors`} problems={problems} />
      <div className="form__actions">
        <SubmitOrSpinner
          submitting={submitting}
          label={text.submit}
          submittingLabel={text.submitting}
        />
      </div>
    </form>
  );
}

function PartnerList({
  partners,
  listFailed,
}: {
  partners: readonly Partner[];
  listFailed: boolean;
}) {
  const id = useId();
  const empty = partners.length === 0;
  return (
    <section aria-labelledby={`${id}-title`} className="partner-list">
      <h2 id={`${id}-title`}>{text.listTitle}</h2>
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
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
