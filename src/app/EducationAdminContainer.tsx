import { useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { Education } from '../api/contract.ts';
import { routes } from '../routes.ts';
import { EducationAdminNav } from '../views/EducationAdminNav.tsx';
import { NotFoundPage } from '../views/NotFoundPage.tsx';
import { EducationDeleteContainer } from './EducationDeleteContainer.tsx';
import {
  EducationFormContainer,
  type EducationFormContainerProps,
} from './EducationFormContainer.tsx';
import { EducationMediaContainer } from './EducationMediaContainer.tsx';
import { EducationPickerContainer } from './EducationPickerContainer.tsx';
import { useEffects } from './effects.tsx';
import { useSession } from './session.tsx';

const EDUCATION_ID = /^[1-9]\d{0,15}$/;

/**
 * /admin/educations/* (administrators; AdminContainer checks): exactly /admin/educations goes on
 * to create, replacing itself in the history; create, update (the picker), update/{id} (the form
 * in edit mode, with the uploaded video's state and captions under it) and delete, with their
 * tabs above.
 */
export function EducationAdminContainer() {
  const [path] = useLocation();
  const { user } = useSession();
  if (!user) return null;
  const currentUser = { id: user.id, name: user.name, surname: user.surname, email: user.email };
  return (
    <>
      <EducationAdminNav currentPath={path} />
      <Switch>
        <Route path={routes.adminEducationCreate.pattern}>
          <EducationFormContainer key="create" educationId={null} currentUser={currentUser} />
        </Route>
        <Route path={routes.adminEducationEdit.pattern}>
          {({ formUpdateId }) =>
            EDUCATION_ID.test(formUpdateId) ? (
              <EducationEdit
                key={formUpdateId}
                educationId={Number(formUpdateId)}
                currentUser={currentUser}
              />
            ) : (
              <NotFoundPage />
            )
          }
        </Route>
        <Route path={routes.adminEducationUpdate.pattern}>
          <EducationPickerContainer />
        </Route>
        <Route path={routes.adminEducationDelete.pattern}>
          <EducationDeleteContainer />
        </Route>
        <Route path={routes.adminEducations.pattern}>
          <Redirect to={routes.adminEducationCreate.href()} replace />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </>
  );
}

/**
 * The edit page: the form, and under it the video's transcode state and captions. Their three
 * machines each load the education as they start; those loads share one request (the page asks
 * once), while a later load (a poll, a retry) asks again.
 */
function EducationEdit({
  educationId,
  currentUser,
}: {
  educationId: number;
  currentUser: EducationFormContainerProps['currentUser'];
}) {
  const { api } = useEffects();
  const [loadEducation] = useState(() => sharedWhileAsked((id) => api.educations.getEducation(id)));
  return (
    <>
      <EducationFormContainer
        educationId={educationId}
        currentUser={currentUser}
        loadEducation={loadEducation}
      />
      <EducationMediaContainer educationId={educationId} loadEducation={loadEducation} />
    </>
  );
}

/**
 * `load`, with the callers that ask while a request is still on its way answered by that same
 * request: the machines of one page start together, so they share it, and any call after it
 * settled makes a new one.
 */
function sharedWhileAsked(
  load: (id: number) => Promise<Education>,
): (id: number) => Promise<Education> {
  const asked = new Map<number, Promise<Education>>();
  return (id) => {
    const running = asked.get(id);
    if (running) return running;
    const request = load(id).finally(() => asked.delete(id));
    asked.set(id, request);
    return request;
  };
}
