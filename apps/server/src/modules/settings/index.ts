export { datedWordsRoutes, datedWordsSettingsRoutes } from './dated-words-routes.ts';
export {
  type ActiveMiningSettings,
  auditedSetting,
  loadSettings,
  streakSettings,
  toMiningSettings,
  writeSetting,
} from './service.ts';
