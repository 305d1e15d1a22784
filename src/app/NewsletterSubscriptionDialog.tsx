import { useSelector } from '@xstate/react';
import type { CampaignKey, RobotCheck as RobotCheckConfig } from '../api/contract.ts';
import {
  EMAIL_MODAL_MIN_LENGTH,
  selectModalEmail,
  selectModalFeedback,
  selectModalOpen,
  selectModalRobotChecked,
  selectModalSubmitting,
  selectModalSucceeded,
} from '../machines/emailInputModal.machine.ts';
import type { NewsletterModalRef } from '../machines/newsletterSubscription.machine.ts';
import { newsletterMessages } from '../messages/newsletter.ts';
import { EmailInputModal } from '../views/EmailInputModal.tsx';
import { RobotCheck } from './RobotCheck.tsx';

export interface NewsletterSubscriptionDialogProps {
  modal: NewsletterModalRef;
  campaign: CampaignKey;
  robotCheck: RobotCheckConfig;
}

/**
 * The newsletter's e-mail dialog with its robot check, bound to the running modal actor. Its own
 * chunk: the newsletter button loads it (and the robot check) only when it is pressed.
 */
export function NewsletterSubscriptionDialog({
  modal,
  campaign,
  robotCheck,
}: NewsletterSubscriptionDialogProps) {
  const email = useSelector(modal, selectModalEmail);
  return (
    <EmailInputModal
      open={useSelector(modal, selectModalOpen)}
      title={newsletterMessages.title}
      description={newsletterMessages.description[campaign]}
      email={email}
      canSubmit={email.length >= EMAIL_MODAL_MIN_LENGTH}
      submitting={useSelector(modal, selectModalSubmitting)}
      succeeded={useSelector(modal, selectModalSucceeded)}
      feedback={useSelector(modal, selectModalFeedback)}
      robotCheck={
        <RobotCheck
          config={robotCheck}
          verified={useSelector(modal, selectModalRobotChecked)}
          onVerified={(token) => modal.send({ type: 'ROBOT_VERIFIED', token })}
          onExpired={() => modal.send({ type: 'ROBOT_EXPIRED' })}
        />
      }
      onChange={(value) => modal.send({ type: 'CHANGE', email: value })}
      onSubmit={() => modal.send({ type: 'SUBMIT', via: 'button' })}
      onEnter={() => modal.send({ type: 'SUBMIT', via: 'enter' })}
      onClose={() => modal.send({ type: 'CLOSE' })}
    />
  );
}
