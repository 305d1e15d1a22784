/**
 * Every Croatian text of the specification that the code depends on, written once in
 * `src/messages/`, one module per screen so that a screen's code brings only its own texts
 * (decision 0026). This aggregate keeps them under one name for tests; code in `src/` imports
 * the module of its screen (the linter forbids this one there).
 */
import { gateMessages } from './messages/gate.ts';
import { authMessages } from './messages/auth.ts';
import { errorsMessages } from './messages/errors.ts';
import { notFoundMessages } from './messages/notFound.ts';
import { navMessages } from './messages/nav.ts';
import { emailModalMessages } from './messages/emailModal.ts';
import { robotCheckMessages } from './messages/robotCheck.ts';
import { loginMessages } from './messages/login.ts';
import { passwordResetMessages } from './messages/passwordReset.ts';
import { logoutMessages } from './messages/logout.ts';
import { passwordRulesMessages } from './messages/passwordRules.ts';
import { newPasswordMessages } from './messages/newPassword.ts';
import { activationMessages } from './messages/activation.ts';
import { adminMessages } from './messages/admin.ts';
import { rolesMessages } from './messages/roles.ts';
import { inviteMessages } from './messages/invite.ts';
import { coursesMessages } from './messages/courses.ts';
import { newsletterFormMessages } from './messages/newsletterForm.ts';
import { newsletterListMessages } from './messages/newsletterList.ts';
import { peopleMessages } from './messages/people.ts';
import { courseFormMessages } from './messages/courseForm.ts';
import { datePickerMessages } from './messages/datePicker.ts';
import { partnerFormMessages } from './messages/partnerForm.ts';
import { homeMessages } from './messages/home.ts';
import { regionMapMessages } from './messages/regionMap.ts';
import { aboutMessages } from './messages/about.ts';
import { cataloguesMessages } from './messages/catalogues.ts';
import { galleryMessages } from './messages/gallery.ts';
import { newsletterMessages } from './messages/newsletter.ts';
import { unsubscribeMessages } from './messages/unsubscribe.ts';
import { educationsMessages } from './messages/educations.ts';
import { productStripMessages } from './messages/productStrip.ts';
import { educationAdminMessages } from './messages/educationAdmin.ts';
import { shellMessages } from './messages/shell.ts';
import { auditLogMessages } from './messages/auditLog.ts';

export const messages = {
  ...shellMessages,
  gate: gateMessages,
  auth: authMessages,
  errors: errorsMessages,
  notFound: notFoundMessages,
  nav: navMessages,
  emailModal: emailModalMessages,
  robotCheck: robotCheckMessages,
  login: loginMessages,
  passwordReset: passwordResetMessages,
  logout: logoutMessages,
  passwordRules: passwordRulesMessages,
  newPassword: newPasswordMessages,
  activation: activationMessages,
  admin: adminMessages,
  roles: rolesMessages,
  invite: inviteMessages,
  courses: coursesMessages,
  newsletterForm: newsletterFormMessages,
  newsletterList: newsletterListMessages,
  people: peopleMessages,
  auditLog: auditLogMessages,
  courseForm: courseFormMessages,
  datePicker: datePickerMessages,
  partnerForm: partnerFormMessages,
  home: homeMessages,
  regionMap: regionMapMessages,
  about: aboutMessages,
  catalogues: cataloguesMessages,
  gallery: galleryMessages,
  newsletter: newsletterMessages,
  unsubscribe: unsubscribeMessages,
  educations: educationsMessages,
  productStrip: productStripMessages,
  educationAdmin: educationAdminMessages,
} as const;
