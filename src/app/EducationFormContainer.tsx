import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import { fromCallback, fromPromise } from 'xstate';
import { EDUCATION_RULES, type Education } from '../api/contract.ts';
import { createEducationFormData, type CreateEducationRequest } from '../api/educationRequests.ts';
import { namedCountries } from '../api/countries.ts';
import {
  educationFormMachine,
  selectEducationDraft,
  selectFormLoadFailed,
  selectFormLoading,
  selectIsCreating,
  selectSavedId,
  selectSaving,
  selectStoredEducation,
  selectUploadPhase,
} from '../machines/educationForm.machine.ts';
import {
  errorMessages,
  formatDuration,
  uploadStatus,
  userOptions,
  type CurrentUser,
  type EducationFormData,
  type EducationFormEvent,
  type SaveEducationRequest,
  type UploadVideoInput,
} from '../machines/educationForm.rules.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { EducationFormPage } from '../views/EducationFormPage.tsx';
import { CurrentVideoContainer } from './CurrentVideoContainer.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { showError } from './toasts.tsx';
import { useLeaveGuard } from './useLeaveGuard.ts';

const text = educationAdminMessages;
/** The toasts this form shows, closed by its next submit. */
// Stryker disable next-line StringLiteral: any name no other form's toasts use works alike, '' too
const NOTICE_SOURCE = 'education-form';

export interface EducationFormContainerProps {
  /** null: add a new education. */
  educationId: number | null;
  currentUser: CurrentUser;
  /** How the education to edit is fetched (the edit page shares the request with its sections). */
  loadEducation?: (id: number) => Promise<Education>;
}

/** /admin/educations/create and /admin/educations/update/{id}: the education form. */
export function EducationFormContainer({
  educationId,
  currentUser,
  loadEducation,
}: EducationFormContainerProps) {
  const { api, notify, now } = useEffects();
  const getEducation = loadEducation ?? ((id: number) => api.educations.getEducation(id));
  const [snapshot, send] = useMachine(
    educationFormMachine.provide({
      actors: {
        loadForm: fromPromise(
          async ({
            input,
          }: {
            input: { educationId: number | null };
          }): Promise<EducationFormData> => {
            if (input.educationId === null) {
              const [countries, partners, users] = await Promise.all([
                api.countries.listCountries(),
                api.partners.listPartners(),
                api.users.listUsers('user'),
              ]);
              return {
                countries: namedCountries(countries),
                partners,
                users,
                education: null,
                userIds: [],
              };
            }
            const [education, rights, users, countries, partners] = await Promise.all([
              getEducation(input.educationId),
              api.educations.listAccessRights(input.educationId),
              api.users.listUsers('user'),
              api.countries.listCountries(),
              api.partners.listPartners(),
            ]);
            return {
              countries: namedCountries(countries),
              partners,
              users,
              education,
              userIds: rights.map((right) => right.user.id),
            };
          },
        ),
        findPreviousUpload: fromPromise(({ input }: { input: File }) =>
          api.uploads.hasUnfinishedVideoUpload(input),
        ),
        uploadVideo: fromCallback<EducationFormEvent, UploadVideoInput>(({ input, sendBack }) => {
          const stop = new AbortController();
          const onError = (error: unknown) => sendBack({ type: 'UPLOAD_FAILED', error });
          const handlers = {
            onProgress: (bytesSent: number, bytesTotal: number) =>
              sendBack({ type: 'UPLOAD_PROGRESS', bytesSent, bytesTotal, at: now().getTime() }),
            onSuccess: (uploadId: string) => sendBack({ type: 'UPLOADED', uploadId }),
            onError,
          };
          api.uploads
            .startVideoUpload(input.file, input.resume, handlers, stop.signal)
            .catch(onError);
          return () => stop.abort();
        }),
        createEducation: fromPromise(({ input }: { input: CreateEducationRequest }) =>
          api.educations.createEducation(createEducationFormData(input)),
        ),
        updateEducation: fromPromise(async ({ input }: { input: SaveEducationRequest }) => {
          let education = await api.educations.updateEducation(input.id, input.patch);
          if (input.thumbnail) {
            education = await api.educations.replaceThumbnail(input.id, input.thumbnail);
          }
          if (input.userIds) await api.educations.updateAccessRights(input.id, input.userIds);
          return education;
        }),
      },
      actions: {
        notifySaved: (_, message) => notify.success(message, { source: NOTICE_SOURCE }),
        notifyUploadFailed: (_, message) => notify.error(message, { source: NOTICE_SOURCE }),
        reportError: (_, error) => showError(notify, error, { source: NOTICE_SOURCE }),
        dismissNotices: () => notify.dismiss(NOTICE_SOURCE),
      },
    }),
    { input: { educationId, currentUser, now }, inspect: useInspect() },
  );
  const phase = selectUploadPhase(snapshot);
  useLeaveGuard(phase !== null, text.leaveWhileUploading);
  const { errors, countries, partners, users, progress } = snapshot.context;
  const draft = selectEducationDraft(snapshot);
  const status = uploadStatus(progress, draft.video);
  return (
    <EducationFormPage
      creating={selectIsCreating(snapshot)}
      loading={selectFormLoading(snapshot)}
      loadFailed={selectFormLoadFailed(snapshot)}
      draft={draft}
      countries={countries}
      partners={partners}
      userOptions={userOptions(users, currentUser).map((user) => ({
        value: user.id,
        label: text.userOption(user.name, user.surname, user.email),
      }))}
      noUsers={users.length === 0}
      errors={errors}
      problems={errorMessages(errors)}
      saving={selectSaving(snapshot)}
      savedId={selectSavedId(snapshot)}
      currentVideo={<CurrentVideoContainer education={selectStoredEducation(snapshot)} />}
      LinkComponent={Link}
      upload={
        phase && {
          phase,
          status,
          timeLeft: status.secondsLeft === null ? null : formatDuration(status.secondsLeft),
        }
      }
      rules={EDUCATION_RULES}
      latestMonth={now()}
      onRetry={() => send({ type: 'RETRY' })}
      onEdit={(values) => send({ type: 'EDIT', values })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onPause={() => send({ type: 'PAUSE' })}
      onResume={() => send({ type: 'RESUME' })}
      onResumePrevious={() => send({ type: 'RESUME_PREVIOUS' })}
      onStartOver={() => send({ type: 'START_OVER' })}
    />
  );
}
