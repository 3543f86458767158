/** The user-timing mark the ready board sets when its stream pushes a board (bench/board.ts measures the render from it). */
export const ANSWER_MARK = 'board:answer';
