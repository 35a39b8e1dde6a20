-- Server-wide change revision (see server/db/schema.ts) and the accent-insensitive product search index.
INSERT INTO sync_state (id, revision) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER products_revision_ai AFTER INSERT ON products BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE products SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER products_revision_au AFTER UPDATE ON products WHEN NEW.revision = OLD.revision BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE products SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER categories_revision_ai AFTER INSERT ON categories BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE categories SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER categories_revision_au AFTER UPDATE ON categories WHEN NEW.revision = OLD.revision BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE categories SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER brands_revision_ai AFTER INSERT ON brands BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE brands SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER brands_revision_au AFTER UPDATE ON brands WHEN NEW.revision = OLD.revision BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE brands SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER business_info_revision_ai AFTER INSERT ON business_info BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE business_info SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER business_info_revision_au AFTER UPDATE ON business_info WHEN NEW.revision = OLD.revision BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE business_info SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER configuration_revision_ai AFTER INSERT ON configuration BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE configuration SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE categoria = NEW.categoria AND clave = NEW.clave;
END;
--> statement-breakpoint
CREATE TRIGGER configuration_revision_au AFTER UPDATE ON configuration WHEN NEW.revision = OLD.revision BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE configuration SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE categoria = NEW.categoria AND clave = NEW.clave;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE products_fts USING fts5(search_text, content='products', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
  INSERT INTO products_fts(rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_au AFTER UPDATE OF search_text ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
  INSERT INTO products_fts(rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
