/** SPEC 9: the site's dates and times are Zagreb's, whatever the visitor's own time zone is. */
export const ZAGREB_TIME_ZONE = 'Europe/Zagreb';
