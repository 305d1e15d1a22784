/**
 * The password rules under a new password (issue 29): all of them from the start, each ticked as
 * the typed password meets it, so nobody learns them from a refusal. A screen reader hears each
 * rule with "ispunjeno" or "nije ispunjeno"; the list is polite-live, so a change is announced.
 */
import type { PasswordRuleCheck } from '../../machines/passwordRules.ts';
import { passwordRulesMessages as text } from '../../messages/passwordRules.ts';
import './PasswordChecklist.css';

export function PasswordChecklist({ checks }: { checks: readonly PasswordRuleCheck[] }) {
  return (
    <div className="password-checklist">
      <p className="password-checklist__title">{text.checklistTitle}</p>
      <ul aria-live="polite">
        {checks.map(({ rule, label, met }) => (
          <li key={rule} className={met ? 'password-checklist__met' : undefined}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {label}
            <span className="visually-hidden">, {met ? text.met : text.unmet}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
