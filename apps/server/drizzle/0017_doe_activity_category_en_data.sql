-- Issue 14 item 11: the activity categories the demo seed created before categories had an English name
-- get one. Only rows still without an English name and named exactly as seeded are touched.
UPDATE "doe_activity_category" SET "name_en" = CASE "name"
  WHEN '播种' THEN 'Sowing'
  WHEN '施肥' THEN 'Fertilising'
  WHEN '灌溉' THEN 'Irrigation'
  WHEN '植保' THEN 'Crop protection'
  WHEN '田间调查' THEN 'Field survey'
  WHEN '收获' THEN 'Harvest'
END
WHERE "name_en" IS NULL AND "name" IN ('播种', '施肥', '灌溉', '植保', '田间调查', '收获');
