/**
 * The courses list (SPEC 2 "Courses list", 4 "Courses page", 8 "Courses"): the title, the switch
 * for courses abroad (only when there are any), the link to the gallery, then a spinner, a message
 * or the cards; administrators confirm a delete in a modal dialog. Pure: the container binds the
 * courses list machine.
 */
import { useId, type ReactNode } from 'react';
import type { Course } from '../api/contract.ts';
import type { CoursesListStage } from '../machines/coursesList.machine.ts';
import { coursesMessages } from '../messages/courses.ts';
import { routes } from '../routes.ts';
import { CourseCard } from './CourseCard.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { PlainLink, type LinkComponent } from './PlainLink.tsx';
import { Spinner } from './Spinner.tsx';
import { Switch } from './Switch.tsx';
import './CoursesPage.css';
import './forms.css';

export interface CoursesPageProps {
  stage: CoursesListStage;
  /** The courses the filter lets through, newest first. */
  courses: readonly Course[];
  abroadSwitchShown: boolean;
  showAbroad: boolean;
  canDelete: boolean;
  /** The course of the open confirmation dialog, or null when it is closed. */
  courseToDelete: Course | null;
  deleting: boolean;
  onToggleAbroad: () => void;
  onAskDelete: (id: number) => void;
  onCancelDelete: () => void;
  onConfirmDelete: () => void;
  /** The courses newsletter subscribe button (SPEC 2), rendered by its container. */
  newsletter?: ReactNode;
  LinkComponent?: LinkComponent;
}

export function CoursesPage({
  stage,
  courses,
  abroadSwitchShown,
  showAbroad,
  canDelete,
  courseToDelete,
  deleting,
  onToggleAbroad,
  onAskDelete,
  onCancelDelete,
  onConfirmDelete,
  newsletter,
  LinkComponent: Link = PlainLink,
}: CoursesPageProps) {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <section className="page courses" aria-labelledby={titleId}>
      <h1 id={titleId} className="courses__title" tabIndex={-1}>
        {coursesMessages.title}
      </h1>
      <div className="courses__toolbar">
        {stage === 'list' && abroadSwitchShown && (
          <Switch
            checked={showAbroad}
            onToggle={onToggleAbroad}
            label={coursesMessages.showAbroad}
          />
        )}
        <Link href={routes.gallery.href()} className="courses__gallery">
          {coursesMessages.gallery}
        </Link>
      </div>
      {newsletter && <div className="courses__newsletter">{newsletter}</div>}
      {stage === 'loading' && (
        <div className="status">
          <Spinner label={coursesMessages.loading} />
        </div>
      )}
      {stage === 'failed' && (
        <p className="status" role="alert">
          {coursesMessages.loadFailed}
        </p>
      )}
      {stage === 'empty' && <p className="status">{coursesMessages.none}</p>}
      {stage === 'list' && courses.length === 0 && (
        <p className="status">{coursesMessages.noneInCroatia}</p>
      )}
      {stage === 'list' && courses.length > 0 && (
        <ul className="courses__list">
          {courses.map((course, index) => (
            <li key={course.id}>
              <CourseCard
                course={course}
                eagerImage={index === 0}
                canDelete={canDelete}
                onAskDelete={onAskDelete}
              />
            </li>
          ))}
        </ul>
      )}
      {courseToDelete && (
        <ConfirmDialog
          title={coursesMessages.confirmTitle}
          text={coursesMessages.confirmText(courseToDelete.title)}
          cancelLabel={coursesMessages.confirmNo}
          confirmLabel={coursesMessages.confirmYes}
          busyLabel={coursesMessages.deleting}
          busy={deleting}
          fallbackFocusId={titleId}
          onCancel={onCancelDelete}
          onConfirm={onConfirmDelete}
        />
      )}
    </section>
  );
}
