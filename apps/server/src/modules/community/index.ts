export { removeCommentFromTree } from './comment-removal.ts';
export { commentEditHistory, postEditHistory } from './edits.ts';
export { lockComment, lockPost } from './locks.ts';
export { communityPostPageMeta } from './page-meta.ts';
export { reportRoutes } from './report-routes.ts';
export { communityRoutes } from './routes.ts';
