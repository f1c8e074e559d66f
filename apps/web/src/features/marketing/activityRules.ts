/** What the user may do with an activity now: its state (contract ACTIVITY_STEPS, ACTIVITY_EDITABLE) and their buttons. */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  ACTIVITY_EDITABLE,
  ACTIVITY_STEPS,
  type ActivityStatus,
  type ActivityStep,
} from '@zb/contract/entities/marketingActivity';

const LIST = '/activityList';

export const ACTIVITY_BUTTONS = {
  add: buttonCodeOf(LIST, 'add'),
  edit: buttonCodeOf(LIST, 'edit'),
  audit: buttonCodeOf(LIST, 'audit'),
  export: buttonCodeOf(LIST, 'export'),
};

export interface ActivityAbilities {
  edit: boolean;
  steps: ActivityStep[];
  download: boolean;
  voidCards: boolean;
}

export const abilitiesOf = (status: ActivityStatus, can: (code: string) => boolean): ActivityAbilities => ({
  edit: can(ACTIVITY_BUTTONS.edit) && ACTIVITY_EDITABLE[status] !== null,
  steps: (Object.keys(ACTIVITY_STEPS) as ActivityStep[]).filter(
    (s) =>
      (ACTIVITY_STEPS[s].from as readonly string[]).includes(status) &&
      can(buttonCodeOf(LIST, ACTIVITY_STEPS[s].button)),
  ),
  download: status === 'approved' && can(ACTIVITY_BUTTONS.export),
  voidCards: (status === 'approved' || status === 'disabled') && can(ACTIVITY_BUTTONS.edit),
});

export const zipNameOf = (a: { code: string; name: string }) => `${a.code}_${a.name}_二维码.zip`;
