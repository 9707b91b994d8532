// The alert above a catalogue form: a catalogue code (10005, 10009, 10010, 10013, 10019 …) in its
// words, or "check the marked fields" when the errors are all next to their fields.
import { useTranslation } from 'react-i18next';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { FormAlert } from '../../lib/forms';

export function CatalogAlert({ answer }: { answer?: { code: number | null; errors?: Record<string, unknown>; params?: Record<string, string> } | null }) {
  const { t } = useTranslation('admincatalog');
  if (!answer) return null;
  if (answer.code !== null) {
    return (
      <div className="mt-4">
        <FormAlert type={codeAlertType(answer.code)} testId="catalog-alert" code={answer.code}>
          {codeMessage(t, answer.code, answer.params)}
        </FormAlert>
      </div>
    );
  }
  if (!answer.errors || Object.keys(answer.errors).length === 0) return null;
  return (
    <div className="mt-4">
      <FormAlert type="alert" testId="catalog-alert">
        {t('errors.check_fields')}
      </FormAlert>
    </div>
  );
}
