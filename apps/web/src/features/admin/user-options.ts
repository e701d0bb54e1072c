import { adminPlans, userStatuses } from '@cutout/contracts';
import { adminUsersUiTexts as ui } from './texts';

/** The Plan and Status choices of the filters and dialogs. */
export const planOptions = adminPlans.map((value) => ({ value, label: ui.plans[value] }));
export const statusOptions = userStatuses.map((value) => ({ value, label: ui.statuses[value] }));
