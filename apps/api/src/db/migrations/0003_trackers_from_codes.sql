-- Custom SQL migration file, put your code below! --
-- Trackers that codes carried before gps_trackers existed become issued trackers. Only tier-fritz asks for
-- trackers, so that is their partner; a redeemed code's tracker stays registered to the user who redeemed it.
INSERT INTO "gps_trackers" ("tracker_id", "partner_id", "user_id", "registered_at", "created_at")
SELECT upper("tracker_id"), 'tier-fritz', "redeemed_by", CASE WHEN "redeemed_by" IS NULL THEN NULL ELSE "redeemed_at" END, "created_at"
FROM "activation_codes"
WHERE "tracker_id" IS NOT NULL
ON CONFLICT ("tracker_id") DO NOTHING;
