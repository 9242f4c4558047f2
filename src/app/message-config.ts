// spec §8, §9: messages and notifications (refine's errors) stay 5 s; at most three messages at once.
import { MESSAGE_DURATION_S } from "../settings";

export const MESSAGE_CONFIG = { duration: MESSAGE_DURATION_S, maxCount: 3 };
export const NOTIFICATION_CONFIG = { duration: MESSAGE_DURATION_S };
