export { datedWordsRoutes, datedWordsSettingsRoutes } from './dated-words-routes.ts';
export {
  type ActiveMiningSettings,
  loadSettingRow,
  loadSettings,
  saveAuditedSetting,
  toMiningSettings,
  writeSetting,
} from './service.ts';
