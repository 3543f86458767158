/** The longest error report the service stores (Setting_SetHelpFeedbackAddSubmit_Add); the app cuts its reports to it. */
export const FEEDBACK_MAX_CHARS = 2000;
