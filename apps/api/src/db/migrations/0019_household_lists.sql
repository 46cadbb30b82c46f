ALTER TABLE "documents" ADD COLUMN "visible_to_sitters" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A shared pet is in its members' GET /v1/pet too (issue 45), with its owner's name: a write to the pet, its
-- weights or its picture raises the owner's and every member's version; joining, leaving, a new role or last
-- day raises the member's (a pet's deletion removes its members by cascade, which raises theirs); a new name
-- of the owner raises the versions of the members of the owner's pets.
CREATE FUNCTION raise_pet_list_versions_of_pet(p_pet text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_pet_list_version(user_id) FROM pets WHERE id = p_pet;
  PERFORM raise_pet_list_version(user_id) FROM household_members WHERE pet_id = p_pet;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pets_raise_pet_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM raise_pet_list_version(OLD.user_id);
    PERFORM raise_pet_list_version(user_id) FROM household_members WHERE pet_id = OLD.id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM raise_pet_list_version(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pet_weights_raise_pet_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM raise_pet_list_versions_of_pet(OLD.pet_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.pet_id IS DISTINCT FROM OLD.pet_id) THEN
    PERFORM raise_pet_list_versions_of_pet(NEW.pet_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pet_images_raise_pet_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.kind = 'pet-image' THEN
    PERFORM raise_pet_list_versions_of_pet(OLD.pet_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.kind = 'pet-image' THEN
    PERFORM raise_pet_list_versions_of_pet(NEW.pet_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION household_members_raise_pet_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM raise_pet_list_version(OLD.user_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM raise_pet_list_version(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER household_members_pet_list_version AFTER INSERT OR UPDATE OR DELETE ON household_members
  FOR EACH ROW EXECUTE FUNCTION household_members_raise_pet_list_version();
--> statement-breakpoint
CREATE FUNCTION owner_name_raise_pet_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_pet_list_version(m.user_id)
    FROM household_members m JOIN pets p ON p.id = m.pet_id
    WHERE p.user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_owner_name_pet_list_version AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name)
  EXECUTE FUNCTION owner_name_raise_pet_list_version();
