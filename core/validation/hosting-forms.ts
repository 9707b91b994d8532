// The hosting area's forms (issue #23 §1): the panel password the customer sets, by spec §5
// "Hosting-panel password", checked in the browser by conform and again by the action.
import { z } from 'zod';
import { hostingPassword } from './password-rules';
import { requiredText } from './required-rules';

export const panelPasswordSchema = z.object({ panel_password: requiredText(hostingPassword()) });
