/** Redis pub/sub channel on which cancellations reach the worker rendering the job (message: the job id). */
export const CANCEL_CHANNEL = 'render-cancel';
