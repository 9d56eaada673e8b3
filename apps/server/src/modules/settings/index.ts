export { datedWordsRoutes, datedWordsSettingsRoutes } from './dated-words-routes.ts';
export { keptOnce } from './kept-once.ts';
export {
  type ActiveMiningSettings,
  auditedSetting,
  loadSettings,
  streakSettings,
  toMiningSettings,
  writeSetting,
} from './service.ts';
