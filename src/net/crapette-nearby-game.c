/* crapette-nearby-game.c: a game announced on the same network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-nearby-game.h"

#include "crapette-enums.h"

struct _CrapetteNearbyGame
{
  GObject parent_instance;

  char *name;
  CrapetteVariant variant;
  char *address;
};

G_DEFINE_FINAL_TYPE (CrapetteNearbyGame, crapette_nearby_game, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_VARIANT,
  PROP_ADDRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
crapette_nearby_game_finalize (GObject *object)
{
  CrapetteNearbyGame *self = CRAPETTE_NEARBY_GAME (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->address, g_free);

  G_OBJECT_CLASS (crapette_nearby_game_parent_class)->finalize (object);
}

static void
crapette_nearby_game_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CrapetteNearbyGame *self = CRAPETTE_NEARBY_GAME (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_VARIANT:
      g_value_set_enum (value, self->variant);
      break;
    case PROP_ADDRESS:
      g_value_set_string (value, self->address);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_nearby_game_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  CrapetteNearbyGame *self = CRAPETTE_NEARBY_GAME (object);

  switch (prop_id)
    {
    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;
    case PROP_VARIANT:
      self->variant = g_value_get_enum (value);
      break;
    case PROP_ADDRESS:
      self->address = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_nearby_game_class_init (CrapetteNearbyGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = crapette_nearby_game_finalize;
  object_class->get_property = crapette_nearby_game_get_property;
  object_class->set_property = crapette_nearby_game_set_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", NULL, NULL, CRAPETTE_TYPE_VARIANT, CRAPETTE_VARIANT_RUSSIAN,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ADDRESS] =
    g_param_spec_string ("address", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
crapette_nearby_game_init (CrapetteNearbyGame *self)
{
}

CrapetteNearbyGame *
crapette_nearby_game_new (const char      *name,
                          CrapetteVariant  variant,
                          const char      *address)
{
  g_return_val_if_fail (name != NULL && address != NULL, NULL);

  return g_object_new (CRAPETTE_TYPE_NEARBY_GAME, "name", name, "variant", variant,
                       "address", address, NULL);
}

const char *
crapette_nearby_game_get_name (CrapetteNearbyGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NEARBY_GAME (self), NULL);

  return self->name;
}

CrapetteVariant
crapette_nearby_game_get_variant (CrapetteNearbyGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NEARBY_GAME (self), CRAPETTE_VARIANT_RUSSIAN);

  return self->variant;
}

const char *
crapette_nearby_game_get_address (CrapetteNearbyGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NEARBY_GAME (self), NULL);

  return self->address;
}
