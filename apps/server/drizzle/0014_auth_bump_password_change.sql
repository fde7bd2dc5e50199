-- Cached sessions carry "must change the password first": clearing or setting it must reach every API process.
DROP TRIGGER IF EXISTS sys_user_auth_bump ON sys_user;--> statement-breakpoint
CREATE TRIGGER sys_user_auth_bump AFTER UPDATE ON sys_user FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.platform_admin IS DISTINCT FROM NEW.platform_admin OR OLD.username IS DISTINCT FROM NEW.username
        OR OLD.password_change_required IS DISTINCT FROM NEW.password_change_required)
  EXECUTE FUNCTION bw_auth_bump();
