-- The settings every install starts with (D11, D12). Later changes go through the
-- admin settings screen, so existing rows are never overwritten.
INSERT INTO "system_settings" ("key", "value") VALUES
  ('mining_reward_interval', '{"seconds": 60}'::jsonb),
  ('mining_phases', '{"early_phase": {"name": "Early Phase", "period": "2025-2026", "hourly_rate": "100", "active": true}, "transition_phase": {"name": "Transition Phase", "period": "2026-2027", "hourly_rate": "1"}}'::jsonb),
  ('referral_bonus', '{"amount": "40"}'::jsonb)
ON CONFLICT ("key") DO NOTHING;
