// A failed turn, told the one way every failure is told: a short title, what happened in one sentence,
// what to do, the provider's own words apart, and the action that helps (Open settings, Retry).
import { describeFailure } from '../../agent/failures/failure-description';
import { button, element } from '../../ui/dom';
import type { AgentErrorInfo } from '../../agent/types';
import './failure-notice.css';

/** What the notice's buttons do. */
export interface FailureNoticeActions {
  /** Sends the same question again. */
  retry(): void;
  /** Opens the settings, for failures the person fixes there; without it only Retry is offered. */
  openSettings?: () => void;
}

/** The error box of a failed turn. */
export function failureNotice(error: AgentErrorInfo, actions: FailureNoticeActions): HTMLElement {
  const description = describeFailure(error);
  const retry = button('Retry', () => actions.retry(), {
    className: `mw-button mw-retry${description.action === 'retry' ? ' mw-button-primary' : ''}`,
    ariaLabel: 'Retry this question',
  });
  const settings =
    description.action === 'settings' && actions.openSettings
      ? button('Open settings', () => actions.openSettings?.(), {
          className: 'mw-button mw-button-primary mw-failure-settings',
        })
      : undefined;
  const notice = element('div', {
    className: 'mw-error mw-failure',
    attributes: { role: 'alert' },
    children: [
      element('strong', { className: 'mw-failure-title', text: description.title }),
      element('p', { className: 'mw-failure-sentence', text: description.sentence }),
      element('p', { className: 'mw-failure-advice', text: description.advice }),
      error.detail && error.detail !== description.sentence
        ? element('p', {
            className: 'mw-failure-detail',
            text: `The server said: “${error.detail}”`,
          })
        : undefined,
      element('div', {
        className: 'mw-failure-actions',
        children: settings ? [settings, retry] : [retry],
      }),
    ],
  });
  notice.dataset.kind = description.kind;
  return notice;
}
