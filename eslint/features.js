// @ts-check
/**
 * The feature table (decision 0043, docs/features.md): every feature of the SPA with its machines
 * (src/machines/<flow>.machine.ts and <flow>.rules.ts), its views (under src/views/) and its
 * containers (under src/app/: the containers and the hooks and helpers only they use). The lint
 * rule `local/feature-boundaries` (eslint/feature-boundaries.js) reads it: a feature imports no
 * other feature's machine, view or container; the route shell mounts features through their
 * entries (their containers); a feature mounts another only when it lists it in `embeds`.
 * A module of src/machines or src/views, or a `*Container.tsx`, that is in no feature and not
 * shared fails the lint.
 *
 * @type {import('./feature-boundaries.js').FeatureTable}
 */
export const featureTable = {
  features: {
    about: { views: ['AboutPage.tsx'], containers: ['AboutContainer.tsx'], embeds: ['regionMap'] },
    accessGate: {
      machines: ['accessGate'],
      views: ['AccessGate.tsx'],
      containers: ['AccessGateContainer.tsx'],
    },
    activation: {
      machines: ['activation'],
      views: ['ActivationPage.tsx'],
      containers: ['ActivationContainer.tsx'],
    },
    adminShell: {
      machines: ['adminShell'],
      views: ['AdminShell.tsx'],
      containers: ['AdminContainer.tsx'],
    },
    // Issue 29: "Zapisnik", the audit log for administrators.
    auditLog: {
      machines: ['auditLog'],
      views: ['AuditLogPage.tsx'],
      containers: ['AuditLogContainer.tsx'],
    },
    catalogues: {
      views: ['CataloguesPage.tsx'],
      containers: ['CataloguesContainer.tsx'],
      embeds: ['newsletterSubscription'],
    },
    courseForm: {
      machines: ['courseForm'],
      views: ['CourseFormPage.tsx'],
      containers: ['CourseFormContainer.tsx'],
    },
    courses: {
      machines: ['coursesList'],
      views: ['CoursesPage.tsx', 'CourseCard.tsx', 'courseFormat.ts'],
      containers: ['CoursesContainer.tsx'],
      embeds: ['newsletterSubscription'],
    },
    educationAdmin: {
      views: ['EducationAdminNav.tsx'],
      containers: ['EducationAdminContainer.tsx'],
    },
    educationDelete: {
      machines: ['educationDelete'],
      views: ['EducationDeletePage.tsx'],
      containers: ['EducationDeleteContainer.tsx'],
    },
    educationForm: {
      machines: ['educationForm'],
      views: ['EducationFormPage.tsx', 'CurrentVideo.tsx'],
      containers: ['EducationFormContainer.tsx', 'CurrentVideoContainer.tsx'],
      // Issue 29: the edit form plays the stored video with the viewer's own stream player.
      embeds: ['educationViewer'],
    },
    // Issue 27: the uploaded video's transcode state and captions, under the edit form.
    educationMedia: {
      machines: ['educationCaptions', 'transcodeWatch'],
      views: ['EducationMediaSection.tsx'],
      containers: ['EducationMediaContainer.tsx'],
    },
    educationLibrary: {
      machines: ['educationLibrary'],
      views: ['EducationLibraryPage.tsx'],
      containers: ['EducationLibraryContainer.tsx'],
      // The viewer opens above the library, at the library's child route.
      embeds: ['educationViewer'],
    },
    educationPicker: {
      machines: ['educationPicker'],
      views: ['EducationPickerPage.tsx'],
      containers: ['EducationPickerContainer.tsx'],
    },
    educationViewer: {
      machines: ['educationViewer'],
      views: ['EducationViewer.tsx'],
      containers: ['EducationViewerContainer.tsx', 'educationVideoCheck.ts', 'hlsStream.ts'],
    },
    gallery: { views: ['GalleryPage.tsx'], containers: ['GalleryContainer.tsx'] },
    header: { machines: ['header'], views: ['Header.tsx'], containers: ['HeaderContainer.tsx'] },
    home: {
      machines: ['heroRotation', 'homeProducts'],
      views: [
        'HomePage.tsx',
        'HomeSection.tsx',
        'HomeHero.tsx',
        'HomeProducts.tsx',
        'EuFunding.tsx',
      ],
      containers: [
        'HomeContainer.tsx',
        'home/CompanySections.tsx',
        'home/EuFundingSection.tsx',
        'home/MapSection.tsx',
        'home/ProductsSection.tsx',
      ],
      embeds: ['regionMap'],
    },
    invite: {
      machines: ['invite'],
      views: ['InvitePage.tsx'],
      containers: ['InviteContainer.tsx'],
    },
    login: {
      machines: ['login'],
      views: ['LoginPage.tsx'],
      // The password-reset dialog opens from the login page (SPEC 4).
      containers: ['LoginContainer.tsx', 'usePasswordResetDialog.tsx'],
    },
    logout: {
      machines: ['logoutCountdown'],
      views: ['LogoutPage.tsx'],
      containers: ['LogoutContainer.tsx'],
    },
    newPassword: {
      machines: ['newPassword'],
      views: ['NewPasswordPage.tsx'],
      containers: ['NewPasswordContainer.tsx'],
    },
    newsletter: {
      machines: ['newsletterForm', 'newsletterList'],
      views: ['NewsletterPage.tsx', 'NewsletterPreviewFrame.tsx', 'NewsletterUndeliverable.tsx'],
      containers: ['NewsletterContainer.tsx'],
    },
    newsletterSubscription: {
      machines: ['newsletterSubscription'],
      views: ['NewsletterSubscription.tsx'],
      containers: ['NewsletterSubscriptionContainer.tsx', 'NewsletterSubscriptionDialog.tsx'],
      entries: ['app/NewsletterSubscriptionContainer.tsx'],
    },
    // Issue 29: the list of invitations and accounts, and the sub-navigation of /admin/user.
    people: {
      machines: ['people'],
      views: ['PeoplePage.tsx', 'PeopleNav.tsx'],
      containers: ['PeopleContainer.tsx', 'UsersAdminContainer.tsx'],
    },
    partnerForm: {
      machines: ['partnerForm'],
      views: ['PartnerFormPage.tsx'],
      containers: ['PartnerFormContainer.tsx'],
    },
    // Static pages: no machine and no container, the route shell mounts the pages themselves.
    policies: {
      views: [
        'PolicyPage.tsx',
        'policies/common.tsx',
        'policies/PrivacyPolicy.tsx',
        'policies/DataProcessing.tsx',
        'policies/CookiePolicy.tsx',
      ],
      entries: [
        'views/policies/PrivacyPolicy.tsx',
        'views/policies/DataProcessing.tsx',
        'views/policies/CookiePolicy.tsx',
      ],
    },
    productStrip: {
      machines: ['productStrip'],
      views: ['ProductStripPage.tsx'],
      containers: ['ProductStripContainer.tsx'],
    },
    regionMap: {
      machines: ['mapSelection'],
      views: ['RegionMap.tsx'],
      containers: ['RegionMapContainer.tsx', 'mapShapes.ts'],
      entries: ['app/RegionMapContainer.tsx'],
    },
    unsubscribe: {
      machines: ['unsubscribe'],
      views: ['UnsubscribePage.tsx'],
      containers: ['UnsubscribeContainer.tsx'],
    },
  },
  // Pieces any feature may import. They import no feature's machine, view or container.
  shared: {
    machines: [
      // The session is one actor at the app root (ARCHITECTURE.md); features read it through
      // context and the API client.
      'authSession',
      // One dialog flow that two features compose: the newsletter subscription and the password
      // reset. It knows neither: the submit call and the outcome's handling come in as input.
      'emailInputModal',
    ],
    views: [
      'EmailInputModal.tsx',
      'Combobox.tsx',
      'ConfirmDialog.tsx',
      'dialogFocus.ts',
      'EducationChoice.tsx',
      'educationFormat.ts',
      'EducationThumbnail.tsx',
      'ErrorList.tsx',
      'ExternalLink.tsx',
      'FileInput.tsx',
      'formFields.tsx',
      'people.ts',
      'PlainLink.tsx',
      'Spinner.tsx',
      'SupplierGrid.tsx',
      // Issue 27: a transcode's state, in the picker's list and on the edit page.
      'TranscodeState.tsx',
      'Switch.tsx',
      'TextField.tsx',
      // The site's frame, around every route.
      'Footer.tsx',
      'LoadFailed.tsx',
      'LoadingScreen.tsx',
      'NotFoundPage.tsx',
    ],
    // The form pieces every form uses: fields, the date picker.
    folders: ['views/form'],
  },
  routeShell: [
    'app/App.tsx',
    'app/SiteRoutes.tsx',
    'app/AdminContainer.tsx',
    'app/EducationAdminContainer.tsx',
    'app/UsersAdminContainer.tsx',
  ],
  // The browser's and the server renderer's entries: nothing imports them back.
  programEntries: ['main.tsx', 'entry-server.tsx'],
};
