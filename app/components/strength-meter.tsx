// The live password strength meter of spec §5 "Password strength": registration's, and the hosting
// panel password's (issue #23 §1). Drawn only once hydrated (the caller decides): without
// JavaScript it could not follow the typing anyway.
import { useTranslation } from 'react-i18next';
import { passwordStrength, strengthLabelKey, type StrengthLevel } from '../../core/validation/password-rules';

/** `measure`: the form's own scoring when it has a rule the spec's score does not know (the panel's). */
export function StrengthMeter({ password, label, testId = 'strength-meter', measure = passwordStrength }: { password: string; label: string; testId?: string; measure?: (pw: string) => { score: number; level: StrengthLevel } }) {
  const { t } = useTranslation();
  const strength = measure(password);
  return (
    <div className="mt-2" data-testid={testId} data-level={strength.level}>
      <meter min={0} max={100} low={40} high={61} optimum={100} value={strength.score} className="w-full" aria-label={label} />
      <span className="text-xs text-slate-700" aria-live="polite">
        {password ? t(strengthLabelKey(strength.level)) : ''}
      </span>
    </div>
  );
}
