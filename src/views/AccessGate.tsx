/**
 * The access gate modal (SPEC 2 "Access gate", 5 "Gate"). Pure: the container binds the access
 * gate machine and renders this instead of the site until it is accepted. A real modal dialog:
 * focus moves into it and Tab cycles inside it; Escape does nothing, because the site cannot be
 * used without accepting.
 *
 * A real form too, which the server answers (GATE_FORM): a visitor who taps before the app has
 * loaded, or without it, is let in by the server; once the app runs, it handles the form itself.
 */
import { useEffect, useId, useRef } from 'react';
import { gateMessages } from '../messages/gate.ts';
import { GATE_FORM, routes } from '../routes.ts';
import { keepFocusInside } from './dialogFocus.ts';
import { PlainLink, type LinkComponent } from './PlainLink.tsx';
import { Switch } from './Switch.tsx';
import './AccessGate.css';

export interface AccessGateProps {
  brand: string;
  /** Where visitors write about their personal data. */
  privacyEmail: string;
  declared: boolean;
  /** Accepting was tried with the declaration off (SPEC 5). */
  declarationRequired: boolean;
  onToggleDeclaration: () => void;
  onAccept: () => void;
  LinkComponent?: LinkComponent;
}

export function AccessGate({
  brand,
  privacyEmail,
  declared,
  declarationRequired,
  onToggleDeclaration,
  onAccept,
  LinkComponent: Link = PlainLink,
}: AccessGateProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);

  // The dialog itself takes focus first so that screen readers read its title and declaration.
  useEffect(() => {
    dialog.current?.focus();
  }, []);

  return (
    <div className="gate">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        // The dialog takes focus when it opens: an alert already shown (the server's answer to
        // the form posted before the app ran) is read with the declaration.
        aria-describedby={
          declarationRequired ? `${id}-declaration ${id}-alert` : `${id}-declaration`
        }
        tabIndex={-1}
        className="gate__dialog"
        onKeyDown={keepFocusInside}
      >
        <h1 id={`${id}-title`} className="gate__title">
          {gateMessages.title} {brand}
        </h1>
        <div id={`${id}-declaration`} className="gate__declaration">
          <p>
            Sadržaj ovih stranica namijenjen je isključivo zdravstvenim radnicima. Propisi Republike
            Hrvatske o oglašavanju medicinskih proizvoda dopuštaju da se medicinski proizvodi
            namijenjeni stručnoj uporabi predstavljaju samo zdravstvenim radnicima koji ih
            primjenjuju ili propisuju.
          </p>
          <p>
            Izjavljujem da sam zdravstveni radnik u djelatnosti dentalne medicine (doktor dentalne
            medicine, dentalni tehničar, dentalni asistent ili student dentalne medicine) te da
            sadržaj ovih stranica pregledavam u stručne svrhe.
          </p>
        </div>
        <form
          id={`${id}-form`}
          method="post"
          action={GATE_FORM.action}
          onSubmit={(event) => {
            event.preventDefault();
            onAccept();
          }}
        >
          <Switch
            className="gate__switch"
            checked={declared}
            onToggle={onToggleDeclaration}
            label={gateMessages.declarationSwitch}
            nativeName={GATE_FORM.declarationField}
          />
        </form>
        {declarationRequired && (
          <p id={`${id}-alert`} role="alert" className="gate__alert">
            {gateMessages.declarationRequired}
          </p>
        )}
        <section aria-labelledby={`${id}-cookies`} className="gate__cookies">
          <h2 id={`${id}-cookies`} className="gate__subtitle">
            Kolačići
          </h2>
          <p>
            Ove stranice koriste samo nužne kolačiće: jedan pamti da ste ih prihvatili, a drugi da
            ste potvrdili gornju izjavu. Bez njih stranice ne mogu raditi, a ne koristimo ih za
            analitiku ni oglašavanje. Više pročitajte u{' '}
            <Link href={routes.cookiePolicy.href()}>Pravilima o korištenju kolačića</Link> i{' '}
            <Link href={routes.privacyPolicy.href()}>Pravilima privatnosti</Link>. Za pitanja o
            zaštiti osobnih podataka pišite nam na{' '}
            <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>.
          </p>
        </section>
        <button type="submit" form={`${id}-form`} className="gate__accept">
          {gateMessages.accept}
        </button>
      </div>
    </div>
  );
}
