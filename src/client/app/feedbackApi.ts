/** The error-feedback record (SPEC section 3) sent for an uncaught error. */
import { FEEDBACK_MAX_CHARS } from '../../shared/domain/feedback';
import { api } from './api';
import { request } from './operation';

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<void, { content: string }>({
      query: ({ content }) =>
        request('Setting_SetHelpFeedbackAddSubmit_Add', [{ FbContent: content.slice(0, FEEDBACK_MAX_CHARS), FbType: 0 }], { silent: true }),
      transformResponse: () => undefined,
    }),
  }),
});
