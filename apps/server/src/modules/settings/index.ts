export { datedWordsRoutes, datedWordsSettingsRoutes } from './dated-words-routes.ts';
export {
  type ActiveMiningSettings,
  auditedSetting,
  loadSettings,
  toMiningSettings,
  writeSetting,
} from './service.ts';
