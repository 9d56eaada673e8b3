import { router } from '#web/app/router.tsx';

export const borrowed = router;
