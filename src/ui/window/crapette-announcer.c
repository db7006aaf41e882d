/* crapette-announcer.c: what the game says to a screen reader without moving the focus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer's moves, a refusal, the end of a turn or of a round and every
 * toast are said here. GTK 4.14 and later send them as announcements
 * (gtk_accessible_announce()). Older GTK has no such call: GTK 4.8's AT-SPI
 * backend says "object:property-change:accessible-name" whenever a widget's
 * name changes, so the announcer is a status region, present in the tree
 * but of no size, whose name is what it says last. Both ways keep that name,
 * so a screen reader can find the last message again.
 *
 * Messages given in one go of the main loop (a move, then the turn it ends)
 * are said as one, in order, without repeats, so that none cuts another off.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-announcer.h"

#include <glib/gi18n-lib.h>

struct _CrapetteAnnouncer
{
  GtkWidget parent_instance;

  char *text;          /* said last: the status region's name */
  GPtrArray *pending;  /* said since, to be said together when the main loop is idle */
  guint flush_source;
  gboolean toggle;     /* see say() */
};

G_DEFINE_FINAL_TYPE (CrapetteAnnouncer, crapette_announcer, GTK_TYPE_WIDGET)

static void
say (CrapetteAnnouncer *self,
     const char        *text)
{
  g_autofree char *name = NULL;

  /* A name set to what it was already changes nothing, and AT-SPI would say nothing:
   * the same message twice (a second refusal) gets an invisible mark the second time. */
  self->toggle = g_strcmp0 (self->text, text) == 0 ? !self->toggle : FALSE;
  name = self->toggle ? g_strconcat (text, "\u200B", NULL) : g_strdup (text);
  g_free (self->text);
  self->text = g_strdup (text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
#if GTK_CHECK_VERSION(4, 14, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_accessible_announce (GTK_ACCESSIBLE (self), text,
                           GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

static gboolean
flush_cb (gpointer data)
{
  CrapetteAnnouncer *self = data;
  g_autofree char *text = NULL;

  self->flush_source = 0;
  g_ptr_array_add (self->pending, NULL);
  text = g_strjoinv ("\n", (char **) self->pending->pdata);
  g_ptr_array_set_size (self->pending, 0);
  say (self, text);
  return G_SOURCE_REMOVE;
}

static void
crapette_announcer_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  /* Heard, never seen. */
  *minimum = 0;
  *natural = 0;
}

static void
crapette_announcer_dispose (GObject *object)
{
  CrapetteAnnouncer *self = CRAPETTE_ANNOUNCER (object);

  g_clear_handle_id (&self->flush_source, g_source_remove);

  G_OBJECT_CLASS (crapette_announcer_parent_class)->dispose (object);
}

static void
crapette_announcer_finalize (GObject *object)
{
  CrapetteAnnouncer *self = CRAPETTE_ANNOUNCER (object);

  g_free (self->text);
  g_ptr_array_unref (self->pending);

  G_OBJECT_CLASS (crapette_announcer_parent_class)->finalize (object);
}

static void
crapette_announcer_class_init (CrapetteAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = crapette_announcer_dispose;
  object_class->finalize = crapette_announcer_finalize;
  widget_class->measure = crapette_announcer_measure;

  gtk_widget_class_set_css_name (widget_class, "announcer");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static void
crapette_announcer_init (CrapetteAnnouncer *self)
{
  self->pending = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  /* Its name before anything is said; an empty name would read as the type's. */
  self->text = g_strdup (_("Game announcements"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->text, -1);
}

/* Creates the announcer: a status region of no size that the window places anywhere. */
GtkWidget *
crapette_announcer_new (void)
{
  return g_object_new (CRAPETTE_TYPE_ANNOUNCER, NULL);
}

/* Says @text to screen readers; what is said in one go of the main loop is said together. */
void
crapette_announcer_announce (CrapetteAnnouncer *self,
                             const char        *text)
{
  g_return_if_fail (CRAPETTE_IS_ANNOUNCER (self));
  g_return_if_fail (text != NULL);

  if (text[0] == '\0')
    return;
  for (guint i = 0; i < self->pending->len; i++)
    {
      if (g_strcmp0 (g_ptr_array_index (self->pending, i), text) == 0)
        return;
    }
  g_ptr_array_add (self->pending, g_strdup (text));
  if (self->flush_source == 0)
    self->flush_source = g_idle_add (flush_cb, self);
}

/* Returns what was said last, as the status region's name holds it. */
const char *
crapette_announcer_get_text (CrapetteAnnouncer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_ANNOUNCER (self), NULL);

  return self->text;
}
