CREATE TABLE "pet_list_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet_list_versions" ADD CONSTRAINT "pet_list_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every write that changes a user's GET /v1/pet answer raises the user's version, in the writing transaction
-- (a process keeps the answer only while its version stands: modules/pets/pet-list-cache.ts). Triggers, not
-- the services: no write path can forget it, admin commands and cascades included. A user who is being
-- deleted (the rows go by cascade) gets no row.
CREATE FUNCTION raise_pet_list_version(p_user text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pet_list_versions (user_id, version)
  SELECT p_user, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = p_user)
  ON CONFLICT (user_id) DO UPDATE SET version = pet_list_versions.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION pets_raise_pet_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM raise_pet_list_version(OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM raise_pet_list_version(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pets_pet_list_version AFTER INSERT OR UPDATE OR DELETE ON pets
  FOR EACH ROW EXECUTE FUNCTION pets_raise_pet_list_version();
--> statement-breakpoint
CREATE FUNCTION pet_weights_raise_pet_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM raise_pet_list_version(user_id) FROM pets WHERE id = OLD.pet_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.pet_id IS DISTINCT FROM OLD.pet_id) THEN
    PERFORM raise_pet_list_version(user_id) FROM pets WHERE id = NEW.pet_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pet_weights_pet_list_version AFTER INSERT OR UPDATE OR DELETE ON pet_weights
  FOR EACH ROW EXECUTE FUNCTION pet_weights_raise_pet_list_version();
--> statement-breakpoint
-- A pet's picture (stored_files of kind 'pet-image') is part of the answer (image_url); other files are not.
-- The list is the pet owner's, whoever uploaded the picture.
CREATE FUNCTION pet_images_raise_pet_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.kind = 'pet-image' THEN
    PERFORM raise_pet_list_version(user_id) FROM pets WHERE id = OLD.pet_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.kind = 'pet-image' THEN
    PERFORM raise_pet_list_version(user_id) FROM pets WHERE id = NEW.pet_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stored_files_pet_list_version AFTER INSERT OR UPDATE OR DELETE ON stored_files
  FOR EACH ROW EXECUTE FUNCTION pet_images_raise_pet_list_version();
