export {
  type ActiveMiningSettings,
  loadSettings,
  saveAuditedSetting,
  toMiningSettings,
  writeSetting,
} from './service.ts';
