/* crapette-player.c: the computer-player interface, and making a player by its kind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-player-private.h"

typedef struct
{
  CrapetteRandom random;
} CrapettePlayerPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CrapettePlayer, crapette_player, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SEED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The levels in the order crapette_player_list_kinds() gives them. */
static GType (* const player_types[]) (void) = {
  crapette_random_player_get_type,
  crapette_greedy_player_get_type,
  crapette_easy_player_get_type,
  crapette_medium_player_get_type,
  crapette_hard_player_get_type,
};

static void
crapette_player_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  CrapettePlayerPrivate *priv = crapette_player_get_instance_private (CRAPETTE_PLAYER (object));

  switch (prop_id)
    {
    case PROP_SEED:
      crapette_random_init (&priv->random, g_value_get_uint64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_player_class_init (CrapettePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = crapette_player_set_property;

  /* Only written: the generator moves on as the player plays, so the seed is not kept. */
  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
crapette_player_init (CrapettePlayer *self)
{
}

/* The names of every kind of computer player, %NULL-terminated. */
const char * const *
crapette_player_list_kinds (void)
{
  static const char *names[G_N_ELEMENTS (player_types) + 1];
  static gsize listed = 0;

  /* Each level's class holds its name; a class, once made, is never freed. */
  if (g_once_init_enter (&listed))
    {
      for (guint i = 0; i < G_N_ELEMENTS (player_types); i++)
        {
          g_autoptr(GTypeClass) klass = g_type_class_ref (player_types[i] ());

          names[i] = CRAPETTE_PLAYER_CLASS (klass)->kind;
        }
      g_once_init_leave (&listed, 1);
    }
  return names;
}

/* A new player of @kind ("random" …) whose random choices follow @seed. */
CrapettePlayer *
crapette_player_new (const char  *kind,
                     guint64      seed,
                     GError     **error)
{
  const char * const *kinds;

  g_return_val_if_fail (kind != NULL, NULL);

  kinds = crapette_player_list_kinds ();
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      if (g_str_equal (kinds[i], kind))
        return g_object_new (player_types[i] (), "seed", seed, NULL);
    }

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("There is no computer player called “%s”"), kind);
  return NULL;
}

/* The kind @self was made as. */
const char *
crapette_player_get_kind (CrapettePlayer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_PLAYER (self), NULL);

  return CRAPETTE_PLAYER_GET_CLASS (self)->kind;
}

/* The player's own random generator. */
CrapetteRandom *
crapette_player_get_random (CrapettePlayer *self)
{
  CrapettePlayerPrivate *priv = crapette_player_get_instance_private (self);

  return &priv->random;
}

/* Sets @move to the player's choice in @view, which must be a view (see
 * crapette_view_init()) of a round in play. */
void
crapette_player_choose (CrapettePlayer         *self,
                        const CrapettePosition *view,
                        CrapetteMove           *move)
{
  g_return_if_fail (CRAPETTE_IS_PLAYER (self));
  g_return_if_fail (view != NULL);
  g_return_if_fail (move != NULL);
  g_return_if_fail (view->outcome == CRAPETTE_OUTCOME_PLAYING);

  CRAPETTE_PLAYER_GET_CLASS (self)->choose (self, view, move);
}
