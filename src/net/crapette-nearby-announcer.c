/* crapette-nearby-announcer.c: shows a hosted game to the players on the same network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Avahi's client calls back from the GLib main loop (avahi-glib); nothing here waits. The
 * service is added once the client reaches "running", added again under another name when
 * someone else holds this one, and again after the daemon re-registers (a host name
 * collision). Each announcement carries a random id, so that a browser in this process can
 * leave our own game out of the list.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-nearby-announcer.h"

#include <avahi-client/client.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-glib/glib-watch.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "crapette-enums.h"
#include "crapette-nearby-private.h"

/* A DNS label holds at most 63 bytes. */
#define NAME_MAX_BYTES 63
/* Enough renames for any crowd of namesakes; each is one more Avahi call, never a wait. */
#define MAX_RENAMES 100

struct _CrapetteNearbyAnnouncer
{
  GObject parent_instance;

  char *name;
  CrapetteVariant variant;
  guint16 port;
  char *pin;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  char *id;

  AvahiGLibPoll *poll;
  AvahiClient *client;
  AvahiEntryGroup *group;
  char *error;
};

G_DEFINE_FINAL_TYPE (CrapetteNearbyAnnouncer, crapette_nearby_announcer, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The ids of the announcements this process makes now (main thread only). */
static GHashTable *own_ids;

gboolean
crapette_nearby_announcer_is_own_id (const char *id)
{
  return id != NULL && own_ids != NULL && g_hash_table_contains (own_ids, id);
}

char *
crapette_nearby_describe_error (int      avahi_error,
                                gboolean browsing)
{
  if (avahi_error == AVAHI_ERR_NO_DAEMON || avahi_error == AVAHI_ERR_DISCONNECTED)
    return g_strdup (browsing ? _("Finding nearby games needs the Avahi service.")
                              : _("Showing your game to players nearby needs the Avahi service."));
  /* TRANSLATORS: %s is Avahi's own description of the problem, in English. */
  return g_strdup_printf (_("The network service for games nearby failed: %s"),
                          avahi_strerror (avahi_error));
}

static void
set_error (CrapetteNearbyAnnouncer *self,
           int                      avahi_error)
{
  g_autofree char *message = crapette_nearby_describe_error (avahi_error, FALSE);

  if (g_strcmp0 (message, self->error) == 0)
    return;
  g_free (self->error);
  self->error = g_steal_pointer (&message);
  g_debug ("Not announced: %s", self->error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
take_next_name (CrapetteNearbyAnnouncer *self)
{
  char *next = avahi_alternative_service_name (self->name);

  g_free (self->name);
  self->name = g_strdup (next);
  avahi_free (next);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

static void on_group_state_cb (AvahiEntryGroup      *group,
                               AvahiEntryGroupState  state,
                               void                 *user_data);

static void
add_service (CrapetteNearbyAnnouncer *self)
{
  g_autofree char *version = NULL, *variant = NULL, *pin = NULL, *key = NULL, *id = NULL;
  g_autoptr (GEnumClass) variants = g_type_class_ref (CRAPETTE_TYPE_VARIANT);
  g_autofree char *key_hex = crapette_net_format_hex (self->key, CRAPETTE_NET_KEY_SIZE);
  GEnumValue *variant_value = g_enum_get_value (variants, self->variant);
  int result = AVAHI_OK;

  g_assert (self->client != NULL);

  if (self->group == NULL)
    self->group = avahi_entry_group_new (self->client, on_group_state_cb, self);
  if (self->group == NULL)
    {
      set_error (self, avahi_client_errno (self->client));
      return;
    }
  if (!avahi_entry_group_is_empty (self->group))
    return;

  version = g_strdup_printf ("%s=%d", CRAPETTE_NEARBY_TXT_VERSION, CRAPETTE_NET_PROTOCOL_VERSION);
  variant = g_strdup_printf ("%s=%s", CRAPETTE_NEARBY_TXT_VARIANT, variant_value->value_nick);
  pin = g_strdup_printf ("%s=%s", CRAPETTE_NEARBY_TXT_PIN, self->pin);
  key = g_strdup_printf ("%s=%s", CRAPETTE_NEARBY_TXT_KEY, key_hex);
  id = g_strdup_printf ("%s=%s", CRAPETTE_NEARBY_TXT_ID, self->id);

  for (guint renames = 0; renames <= MAX_RENAMES; renames++)
    {
      result = avahi_entry_group_add_service (self->group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                              0, self->name, CRAPETTE_NEARBY_SERVICE_TYPE, NULL,
                                              NULL, self->port, version, variant, pin, key, id,
                                              NULL);
      if (result != AVAHI_ERR_COLLISION)
        break;
      take_next_name (self);
    }
  if (result >= 0)
    result = avahi_entry_group_commit (self->group);
  if (result < 0)
    {
      set_error (self, result);
      return;
    }
  g_debug ("Announcing \"%s\" on port %u", self->name, self->port);
}

static void
on_group_state_cb (AvahiEntryGroup      *group,
                   AvahiEntryGroupState  state,
                   void                 *user_data)
{
  CrapetteNearbyAnnouncer *self = user_data;

  switch (state)
    {
    case AVAHI_ENTRY_GROUP_COLLISION:
      /* Another service on the network holds the name: take the next one and add it again. */
      take_next_name (self);
      avahi_entry_group_reset (group);
      add_service (self);
      break;
    case AVAHI_ENTRY_GROUP_FAILURE:
      set_error (self, avahi_client_errno (avahi_entry_group_get_client (group)));
      break;
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
      if (self->error != NULL)
        {
          g_clear_pointer (&self->error, g_free);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
        }
      break;
    case AVAHI_ENTRY_GROUP_UNCOMMITED:
    case AVAHI_ENTRY_GROUP_REGISTERING:
    default:
      break;
    }
}

static void
on_client_state_cb (AvahiClient      *client,
                    AvahiClientState  state,
                    void             *user_data)
{
  CrapetteNearbyAnnouncer *self = user_data;

  /* The first call comes from inside avahi_client_new(), before it has returned. */
  self->client = client;

  switch (state)
    {
    case AVAHI_CLIENT_S_RUNNING:
      add_service (self);
      break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
      /* The daemon is renaming this machine: add the service again once it runs. */
      if (self->group != NULL)
        avahi_entry_group_reset (self->group);
      break;
    case AVAHI_CLIENT_FAILURE:
      set_error (self, avahi_client_errno (client));
      break;
    case AVAHI_CLIENT_CONNECTING:
    default:
      break;
    }
}

gboolean
crapette_nearby_announcer_start (CrapetteNearbyAnnouncer  *self,
                                 GError                  **error)
{
  int avahi_error = AVAHI_OK;

  g_return_val_if_fail (CRAPETTE_IS_NEARBY_ANNOUNCER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->poll != NULL)
    return TRUE;

  self->poll = avahi_glib_poll_new (NULL, G_PRIORITY_DEFAULT);
  avahi_client_new (avahi_glib_poll_get (self->poll), 0, on_client_state_cb, self, &avahi_error);
  if (self->client == NULL || avahi_error != AVAHI_OK)
    {
      set_error (self, avahi_error != AVAHI_OK ? avahi_error : AVAHI_ERR_FAILURE);
      crapette_nearby_announcer_stop (self);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, self->error);
      return FALSE;
    }

  if (own_ids == NULL)
    own_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (own_ids, g_strdup (self->id));
  return TRUE;
}

void
crapette_nearby_announcer_stop (CrapetteNearbyAnnouncer *self)
{
  g_return_if_fail (CRAPETTE_IS_NEARBY_ANNOUNCER (self));

  if (own_ids != NULL)
    g_hash_table_remove (own_ids, self->id);
  /* Freeing the client frees its entry group too, which withdraws the service. */
  if (self->group != NULL)
    {
      avahi_entry_group_free (self->group);
      self->group = NULL;
    }
  if (self->client != NULL)
    {
      avahi_client_free (self->client);
      self->client = NULL;
    }
  g_clear_pointer (&self->poll, avahi_glib_poll_free);
}

const char *
crapette_nearby_announcer_get_name (CrapetteNearbyAnnouncer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NEARBY_ANNOUNCER (self), NULL);

  return self->name;
}

const char *
crapette_nearby_announcer_get_error (CrapetteNearbyAnnouncer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NEARBY_ANNOUNCER (self), NULL);

  return self->error;
}

static void
crapette_nearby_announcer_dispose (GObject *object)
{
  crapette_nearby_announcer_stop (CRAPETTE_NEARBY_ANNOUNCER (object));

  G_OBJECT_CLASS (crapette_nearby_announcer_parent_class)->dispose (object);
}

static void
crapette_nearby_announcer_finalize (GObject *object)
{
  CrapetteNearbyAnnouncer *self = CRAPETTE_NEARBY_ANNOUNCER (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->pin, g_free);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->error, g_free);

  G_OBJECT_CLASS (crapette_nearby_announcer_parent_class)->finalize (object);
}

static void
crapette_nearby_announcer_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  CrapetteNearbyAnnouncer *self = CRAPETTE_NEARBY_ANNOUNCER (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_nearby_announcer_class_init (CrapetteNearbyAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_nearby_announcer_dispose;
  object_class->finalize = crapette_nearby_announcer_finalize;
  object_class->get_property = crapette_nearby_announcer_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
crapette_nearby_announcer_init (CrapetteNearbyAnnouncer *self)
{
  guint8 id[8];

  for (gsize i = 0; i < sizeof id; i++)
    id[i] = g_random_int_range (0, 256);
  self->id = crapette_net_format_hex (id, sizeof id);
}

/* Cuts @name to one DNS label, at a character's boundary, without line breaks. */
static char *
name_for_label (const char *name)
{
  g_autofree char *valid = g_utf8_make_valid (name, -1);
  const char *end = valid;

  g_strdelimit (valid, "\r\n\t", ' ');
  while (*end != '\0')
    {
      const char *next = g_utf8_next_char (end);

      if (next - valid > NAME_MAX_BYTES)
        break;
      end = next;
    }
  return g_strndup (valid, end - valid);
}

CrapetteNearbyAnnouncer *
crapette_nearby_announcer_new (const char      *name,
                               CrapetteVariant  variant,
                               guint16          port,
                               const char      *pin,
                               const guint8    *key)
{
  CrapetteNearbyAnnouncer *self;

  g_return_val_if_fail (name != NULL && pin != NULL && key != NULL, NULL);
  g_return_val_if_fail (port != 0, NULL);

  self = g_object_new (CRAPETTE_TYPE_NEARBY_ANNOUNCER, NULL);
  self->name = name_for_label (name);
  if (self->name[0] == '\0')
    {
      g_free (self->name);
      self->name = g_strdup ("Crapette");
    }
  self->variant = variant;
  self->port = port;
  self->pin = g_strdup (pin);
  memcpy (self->key, key, CRAPETTE_NET_KEY_SIZE);
  return self;
}
