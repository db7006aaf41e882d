/* crapette-player.c: the computer-player interface, and making a player by its kind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-player-private.h"

#include "crapette-refusal.h"

typedef struct
{
  CrapetteRandom random;
  /* Mistakes and calls draw from generators of their own, so that a level
   * plays the same moves with mistakes called as with them prevented. */
  CrapetteRandom mistake_random;
  guint64 notice_seed;
  int makes_mistakes;   /* -1 until set: the level's default */
  /* The turn of the last mistake, so that a turn has at most one. */
  guint64 mistake_turn_key;
  /* The turn the memory is of, and the move last chosen in it, which is
   * noted once the next view shows it was played (crapette_player_choose()). */
  guint64 memory_turn_key;
  CrapetteTurnMemory memory;
  gboolean has_pending;
  CrapetteMove pending;
  guint64 pending_view_hash;
  CrapettePosition pending_after;
} CrapettePlayerPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CrapettePlayer, crapette_player, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SEED,
  PROP_MAKES_MISTAKES,
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
      crapette_random_init (&priv->mistake_random,
                            crapette_random_mix (g_value_get_uint64 (value) ^ 0x5709u));
      priv->notice_seed = crapette_random_mix (g_value_get_uint64 (value) ^ 0xca11u);
      break;
    case PROP_MAKES_MISTAKES:
      crapette_player_set_makes_mistakes (CRAPETTE_PLAYER (object), g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_player_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MAKES_MISTAKES:
      g_value_set_boolean (value, crapette_player_get_makes_mistakes (CRAPETTE_PLAYER (object)));
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
  object_class->get_property = crapette_player_get_property;

  /* Only written: the generator moves on as the player plays, so the seed is not kept. */
  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* With mistakes called: whether the player now and then breaks a duty on
   * purpose, for the opponent to catch. Each level has its own default. */
  properties[PROP_MAKES_MISTAKES] =
    g_param_spec_boolean ("makes-mistakes", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
crapette_player_init (CrapettePlayer *self)
{
  CrapettePlayerPrivate *priv = crapette_player_get_instance_private (self);

  /* The level's class is not yet the instance's class while the base type is
   * initialised, so its default is looked up when asked. */
  priv->makes_mistakes = -1;
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

/* Whether @self makes mistakes on purpose when mistakes are called. */
gboolean
crapette_player_get_makes_mistakes (CrapettePlayer *self)
{
  CrapettePlayerPrivate *priv;
  int makes_mistakes;

  g_return_val_if_fail (CRAPETTE_IS_PLAYER (self), FALSE);

  priv = crapette_player_get_instance_private (self);
  /* Atomic: the session may change it (from the preferences) while a worker is choosing. */
  makes_mistakes = g_atomic_int_get (&priv->makes_mistakes);
  if (makes_mistakes < 0)
    return crapette_player_level_makes_mistakes (self);
  return makes_mistakes;
}

/* Whether @self's level makes mistakes on purpose unless told otherwise: Easy and Medium. */
gboolean
crapette_player_level_makes_mistakes (CrapettePlayer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_PLAYER (self), FALSE);

  return CRAPETTE_PLAYER_GET_CLASS (self)->makes_mistakes;
}

/* Sets whether @self makes mistakes on purpose when mistakes are called; a player choosing
 * in a worker follows it from its next move. */
void
crapette_player_set_makes_mistakes (CrapettePlayer *self,
                                    gboolean        makes_mistakes)
{
  CrapettePlayerPrivate *priv;

  g_return_if_fail (CRAPETTE_IS_PLAYER (self));

  priv = crapette_player_get_instance_private (self);
  makes_mistakes = !!makes_mistakes;
  if (crapette_player_get_makes_mistakes (self) == makes_mistakes)
    {
      g_atomic_int_set (&priv->makes_mistakes, makes_mistakes);
      return;
    }
  g_atomic_int_set (&priv->makes_mistakes, makes_mistakes);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAKES_MISTAKES]);
}

/* A number for the turn in play of @view, the same all through the turn. */
static guint64
turn_key (const CrapettePosition *view)
{
  return crapette_random_mix (view->deal_number ^ ((guint64) view->round_index << 56) ^
                              ((guint64) view->turn_number << 20)) | 1;
}

/* What @self remembers of the turn it is choosing in. */
const CrapetteTurnMemory *
crapette_player_get_turn_memory (CrapettePlayer *self)
{
  CrapettePlayerPrivate *priv = crapette_player_get_instance_private (self);

  return &priv->memory;
}

/* Brings the turn memory up to @view: forgotten when a new turn (or another
 * round) begins, and the move chosen last added once @view shows it played.
 * A view asked about twice, or a move taken back, leaves the memory as it
 * was, so that the same view gets the same answer. */
static void
update_memory (CrapettePlayerPrivate  *priv,
               const CrapettePosition *view)
{
  guint64 key = turn_key (view) ^ ((guint64) view->to_move << 1);
  gboolean played;

  if (priv->memory_turn_key != key)
    {
      crapette_turn_memory_clear (&priv->memory);
      priv->memory_turn_key = key;
      priv->has_pending = FALSE;
      return;
    }
  if (!priv->has_pending)
    return;
  priv->has_pending = FALSE;
  played = crapette_position_hash (view) != priv->pending_view_hash;
  if (priv->pending.kind == CRAPETTE_MOVE_CARD)
    played = played && crapette_position_top (view, priv->pending.to) == priv->pending.card;
  if (played)
    crapette_turn_memory_record (&priv->memory, &priv->pending, &priv->pending_after);
}

/* Keeps @move, chosen in @view, to be noted once it is seen played. */
static void
keep_pending (CrapettePlayerPrivate  *priv,
              const CrapettePosition *view,
              const CrapetteMove     *move)
{
  priv->has_pending = TRUE;
  priv->pending = *move;
  priv->pending_view_hash = crapette_position_hash (view);
  priv->pending_after = *view;
  crapette_position_apply_move (&priv->pending_after, move);
}

/* Now and then, when a move that breaks a duty is at hand, plays one: a
 * mistake for the opponent to catch. It looks only at the moves the view
 * allows, which name no face-down card, so it cannot depend on one. */
static gboolean
choose_mistake (CrapettePlayer         *self,
                const CrapettePosition *view,
                CrapetteMove           *move)
{
  CrapettePlayerPrivate *priv = crapette_player_get_instance_private (self);
  CrapetteMove legal[CRAPETTE_MAX_MOVES];
  guint mistakes[CRAPETTE_MAX_MOVES];
  gsize n_legal, n_mistakes = 0;
  guint64 key = turn_key (view);

  if (!crapette_player_get_makes_mistakes (self) || priv->mistake_turn_key == key)
    return FALSE;
  n_legal = crapette_position_legal_moves (view, legal);
  for (gsize i = 0; i < n_legal; i++)
    {
      /* A slip, not a shuffle: a mistake too keeps to the turn memory. */
      if (crapette_position_duty_broken (view, &legal[i], NULL) != CRAPETTE_REFUSAL_NONE &&
          crapette_turn_memory_allows (&priv->memory, &legal[i]))
        mistakes[n_mistakes++] = (guint) i;
    }
  if (n_mistakes == 0 ||
      crapette_random_below (&priv->mistake_random, 1000) >=
        CRAPETTE_PLAYER_GET_CLASS (self)->mistake_rate)
    return FALSE;
  *move = legal[mistakes[crapette_random_below (&priv->mistake_random, (guint32) n_mistakes)]];
  priv->mistake_turn_key = key;
  return TRUE;
}

/* Sets @move to the player's choice in @view, which must be a view (see
 * crapette_view_init()) of a round in play. With mistakes called the level
 * chooses among the moves that keep every duty, unless it makes a mistake on
 * purpose (#CrapettePlayer:makes-mistakes). */
void
crapette_player_choose (CrapettePlayer         *self,
                        const CrapettePosition *view,
                        CrapetteMove           *move)
{
  CrapettePlayerPrivate *priv;
  CrapettePosition dutiful;

  g_return_if_fail (CRAPETTE_IS_PLAYER (self));
  g_return_if_fail (view != NULL);
  g_return_if_fail (move != NULL);
  g_return_if_fail (view->outcome == CRAPETTE_OUTCOME_PLAYING);

  priv = crapette_player_get_instance_private (self);
  update_memory (priv, view);
  if (view->rules.mistakes != CRAPETTE_MISTAKES_CALLED)
    {
      CRAPETTE_PLAYER_GET_CLASS (self)->choose (self, view, move);
    }
  else if (!choose_mistake (self, view, move))
    {
      dutiful = *view;
      dutiful.rules.mistakes = CRAPETTE_MISTAKES_PREVENTED;
      CRAPETTE_PLAYER_GET_CLASS (self)->choose (self, &dutiful, move);
    }
  keep_pending (priv, view, move);
}

/* Whether @self calls the mistake made by its opponent at @move_index of the
 * round @view shows. The answer is drawn once per mistake from the player's
 * seed, so asking again gives the same answer, and it depends on nothing
 * hidden: only on which move of which round broke a duty. */
gboolean
crapette_player_notices_mistake (CrapettePlayer         *self,
                                 const CrapettePosition *view,
                                 guint                   move_index)
{
  CrapettePlayerPrivate *priv;
  guint64 draw;

  g_return_val_if_fail (CRAPETTE_IS_PLAYER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  priv = crapette_player_get_instance_private (self);
  draw = crapette_random_mix (priv->notice_seed ^ view->deal_number ^
                              ((guint64) view->round_index << 48) ^
                              ((guint64) move_index << 16));
  return draw % 1000 < CRAPETTE_PLAYER_GET_CLASS (self)->notice_rate;
}
