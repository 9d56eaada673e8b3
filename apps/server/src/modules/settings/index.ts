export { datedWordsRoutes, datedWordsSettingsRoutes } from './dated-words-routes.ts';
export {
  type ActiveMiningSettings,
  loadSettings,
  saveAuditedSetting,
  toMiningSettings,
  writeSetting,
} from './service.ts';
