import { Fragment } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { routes } from '../routes.ts';
import { EducationAdminNav } from '../views/EducationAdminNav.tsx';
import { NotFoundPage } from '../views/NotFoundPage.tsx';
import { EducationDeleteContainer } from './EducationDeleteContainer.tsx';
import { EducationFormContainer } from './EducationFormContainer.tsx';
import { EducationMediaContainer } from './EducationMediaContainer.tsx';
import { EducationPickerContainer } from './EducationPickerContainer.tsx';
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
              <Fragment key={formUpdateId}>
                <EducationFormContainer
                  educationId={Number(formUpdateId)}
                  currentUser={currentUser}
                />
                <EducationMediaContainer educationId={Number(formUpdateId)} />
              </Fragment>
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
