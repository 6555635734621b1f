import type { SiteDoc } from '../../model/document.js';
import { templateArt } from '../assets.js';
import { loc as t } from '../kit.js';
import { productCards, productMenu } from '../sections/cms.js';
import { contactLocation, formBooking } from '../sections/contact.js';
import { contentPageHeader, galleryGrid, legalText, notFoundSimple } from '../sections/content.js';
import { ctaBanner } from '../sections/cta.js';
import { faqAccordion } from '../sections/faq.js';
import { footerBusiness } from '../sections/footer.js';
import { heroBanner } from '../sections/hero.js';
import { navLanguages } from '../sections/navigation.js';
import { aboutSplit, teamGrid, testimonialCards, timelineSteps } from '../sections/people.js';
import { LOOKS } from '../theme.js';
import { addCollection, addPage, newDoc, specialPage } from './common.js';
import { menu, MENU_GROUPS } from './menu.js';

const ADDRESS_TEXT = 'Eteläranta 14, 00130 Helsinki';
const ADDRESS = t(ADDRESS_TEXT, ADDRESS_TEXT);
const PHONE = '+358 9 612 3456';
const EMAIL = 'table@bistro.example';

const HOURS = [
  { days: t('Tuesday to Friday', 'Tiistaista perjantaihin'), time: '11:30–22' },
  { days: t('Saturday', 'Lauantai'), time: '12–23' },
  { days: t('Sunday and Monday', 'Sunnuntai ja maanantai'), time: t('Closed', 'Suljettu') },
];

const PRICE = t('€{number}', '{number} €');

/** Bistro: a restaurant in English and Finnish, every text localized; the menu is a CMS collection. */
export function bistroSite(name: string, colors: { primary: string; secondary: string }): SiteDoc {
  const art = templateArt('bistro', colors);
  const doc = newDoc({
    name,
    description: t('Seasonal Nordic cooking by the sea in Helsinki.', 'Pohjoismaista kausiruokaa meren rannalla Helsingissä.'),
    languages: ['en', 'fi'],
    look: LOOKS.bistro,
    colors,
    site: { email: EMAIL, phone: PHONE, image: art('share.png') },
    meta: { image: art('share.png') },
    legal: {
      register_name: 'Customer and booking register',
      company_name: `${name} Oy`,
      company_business_id: '3141592-6',
      company_address: ADDRESS_TEXT,
      dpo_name: 'Aino Virtanen',
      dpo_email: 'privacy@bistro.example',
      accessibility_name: 'Aino Virtanen',
      accessibility_email: 'privacy@bistro.example',
    },
    social: {
      instagram: 'https://www.instagram.com/pagewright',
      facebook: 'https://www.facebook.com/pagewright',
      tripadvisor: 'https://www.tripadvisor.com',
    },
  });
  addCollection(doc, menu(art));

  addPage(
    doc,
    specialPage('_before', t('Header', 'Ylätunniste')),
    [
      [
        navLanguages,
        'header',
        {
          brand: '{site.name}',
          mark: 'bi:fire',
          pages: ['menu', 'about'],
          labelField: 'title',
          languages: true,
          menuLabel: t('Menu', 'Valikko'),
          cta: { label: t('Book a table', 'Varaa pöytä'), action: { page: 'reservations' } },
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'home',
      name: 'Home',
      title: t(`${name} — seasonal food in Helsinki`, `${name} — kauden ruokaa Helsingissä`),
      slug: t('', 'fi'),
      description: t(
        'Seasonal Nordic cooking by the sea in Helsinki. Lunch Tuesday to Friday, dinner Tuesday to Saturday.',
        'Pohjoismaista kausiruokaa meren rannalla Helsingissä. Lounas tiistaista perjantaihin, illallinen tiistaista lauantaihin.',
      ),
      share: art('share.png'),
    },
    [
      [
        heroBanner,
        'hero',
        {
          eyebrow: t('Seasonal Nordic kitchen · Helsinki', 'Pohjoismainen keittiö · Helsinki'),
          title: t('Food of the season, cooked with care', 'Kauden makuja, huolella valmistettuna'),
          text: t(
            'Fish from the archipelago, mushrooms from the forest and bread from our own oven. A small menu that changes with what the season brings.',
            'Kalaa saaristosta, sieniä metsästä ja leipää omasta uunista. Pieni ruokalista, joka elää vuodenaikojen mukana.',
          ),
          ctas: [
            { label: t('Book a table', 'Varaa pöytä'), action: { page: 'reservations' } },
            { label: t('See the menu', 'Katso ruokalista'), action: { page: 'menu' } },
          ],
          image: art('hero.svg'),
          imageAlt: '',
          facts: [
            { icon: 'bi:clock', text: t('Tue–Fri 11:30–22 · Sat 12–23', 'ti–pe 11.30–22 · la 12–23') },
            { icon: 'bi:geo-alt', text: ADDRESS },
          ],
        },
      ],
      [
        aboutSplit,
        'story',
        {
          eyebrow: t('Our story', 'Tarinamme'),
          title: t('A small kitchen with a big respect for ingredients', 'Pieni keittiö, suuri kunnioitus raaka-aineita kohtaan'),
          paragraphs: [
            t(
              '{site.name} opened in 2016 in an old harbour office by the market square. We cook what the season gives us, from farms and fishermen we know by name, and we change the menu whenever something better arrives.',
              '{site.name} avattiin vuonna 2016 vanhaan satamakonttoriin kauppatorin laidalle. Teemme ruokaa siitä, mitä kausi tarjoaa, tiloilta ja kalastajilta, jotka tunnemme nimeltä, ja vaihdamme listaa aina, kun jotain parempaa saapuu.',
            ),
            t(
              'Lunch is quick and generous. Dinner is slower: come hungry, stay for dessert.',
              'Lounas on nopea ja runsas. Illallinen on verkkaisempi: tule nälkäisenä ja jää jälkiruoalle.',
            ),
          ],
          image: art('room.svg'),
          imageAlt: t('The dining room with arched windows and pendant lamps', 'Ruokasali kaari-ikkunoineen ja riippuvalaisimineen'),
          stats: [
            { value: '2016', label: t('open since', 'avattu') },
            { value: '40', label: t('seats inside', 'asiakaspaikkaa') },
            { value: '12', label: t('local producers', 'lähituottajaa') },
          ],
          ctas: [{ label: t('Read more about us', 'Lue lisää meistä'), action: { page: 'about' } }],
          anchor: 'story',
        },
      ],
      [
        productCards,
        'dishes',
        {
          eyebrow: t('From the kitchen', 'Keittiöstä'),
          title: t('On the menu this season', 'Tämän kauden listalla'),
          text: t('A few of the dishes our guests come back for.', 'Muutamia annoksia, joiden takia vieraat palaavat.'),
          collection: 'menu',
          filter: { field: 'featured', value: 'true' },
          length: 6,
          pricePrefix: PRICE,
          ctas: [{ label: t('See the whole menu', 'Katso koko ruokalista'), action: { page: 'menu' } }],
          alt: true,
        },
      ],
      [
        testimonialCards,
        'reviews',
        {
          eyebrow: t('Reviews', 'Arvioita'),
          title: t('What our guests say', 'Mitä vieraamme sanovat'),
          ratingLabel: t('5 out of 5 stars', '5 tähteä viidestä'),
          quotes: [
            {
              quote: t(
                'The Arctic char was the best fish I have eaten in Helsinki. Warm service and a view of the harbour.',
                'Nieriä oli parasta kalaa, mitä olen Helsingissä syönyt. Lämmin palvelu ja näkymä satamaan.',
              ),
              name: t('Laura M.', 'Laura M.'),
              role: t('Guest, October 2026', 'Vieras, lokakuu 2026'),
              photo: art('person-1.svg'),
            },
            {
              quote: t(
                'Honest, seasonal food without fuss. The blueberry pie alone is worth the trip.',
                'Rehellistä kausiruokaa ilman kikkailua. Jo mustikkapiirakka on matkan arvoinen.',
              ),
              name: t('Helsinki Food Guide', 'Helsingin ruokaopas'),
              role: t('Review, 2026', 'Arvio, 2026'),
              photo: art('person-2.svg'),
            },
            {
              quote: t(
                'We celebrated our anniversary here. They remembered every detail we mentioned when booking.',
                'Juhlimme täällä hääpäiväämme. He muistivat jokaisen yksityiskohdan, jonka mainitsimme varatessa.',
              ),
              name: t('Mikko and Sara', 'Mikko ja Sara'),
              role: t('Guests, September 2026', 'Vieraat, syyskuu 2026'),
              photo: art('person-3.svg'),
            },
          ],
        },
      ],
      [
        contactLocation,
        'visit',
        {
          eyebrow: t('Visit us', 'Tervetuloa'),
          title: t('By the market square, facing the sea', 'Kauppatorin laidalla, meren äärellä'),
          text: t(
            'Five minutes on foot from the Esplanadi tram stops. Walk-ins are welcome, but for dinner a booking is wise.',
            'Viiden minuutin kävely Esplanadin raitiovaunupysäkeiltä. Ilman varaustakin voi tulla, mutta illalliselle kannattaa varata pöytä.',
          ),
          image: art('map.svg'),
          imageAlt: t('A map of the streets around the restaurant', 'Kartta ravintolan ympäristöstä'),
          addressTitle: t('Address', 'Osoite'),
          address: ADDRESS,
          hoursTitle: t('Opening hours', 'Aukioloajat'),
          hours: HOURS,
          ctas: [
            { label: t('Book a table', 'Varaa pöytä'), action: { page: 'reservations' } },
            {
              label: t('Get directions', 'Reittiohjeet'),
              action: { url: 'https://www.openstreetmap.org/search?query=Etel%C3%A4ranta%2014%20Helsinki', blank: true },
            },
          ],
          anchor: 'visit',
        },
      ],
      [
        ctaBanner,
        'private-dining',
        {
          title: t('Celebrating something?', 'Onko juhlan paikka?'),
          text: t(
            'The whole restaurant can be yours for up to 40 guests, with a menu planned together with our chef.',
            'Koko ravintola voi olla teidän jopa 40 hengelle, ja menu suunnitellaan yhdessä keittiömestarimme kanssa.',
          ),
          ctas: [
            { label: t('Ask about private dining', 'Kysy yksityistilaisuuksista'), action: { email: EMAIL } },
            { label: t('Call us', 'Soita meille'), action: { phone: PHONE } },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'menu',
      name: 'Menu',
      title: t('Menu', 'Ruokalista'),
      slug: t('menu', 'ruokalista'),
      description: t('Our seasonal lunch and dinner menu.', 'Kauden lounas- ja illallislistamme.'),
    },
    [
      [
        contentPageHeader,
        'menu-header',
        {
          eyebrow: t('Autumn menu', 'Syksyn ruokalista'),
          title: t('Menu', 'Ruokalista'),
          text: t(
            'Served at lunch and dinner. The menu changes with the season, sometimes with the day.',
            'Tarjolla lounaalla ja illallisella. Lista vaihtuu kauden mukaan, joskus päivittäinkin.',
          ),
          align: 'center',
        },
      ],
      [
        productMenu,
        'menu-list',
        {
          eyebrow: '',
          title: '',
          collection: 'menu',
          groupField: 'category',
          groups: MENU_GROUPS,
          pricePrefix: PRICE,
          tagField: 'diet',
          note: t(
            'L = lactose-free, G = gluten-free, VE = vegan. Tell us about allergies when you order; we are happy to adapt most dishes.',
            'L = laktoositon, G = gluteeniton, VE = vegaaninen. Kerro allergioista tilatessasi, muokkaamme useimpia annoksia mielellämme.',
          ),
        },
      ],
      [
        ctaBanner,
        'menu-cta',
        {
          title: t('Hungry already?', 'Joko tuli nälkä?'),
          text: t(
            'Book a table online in a minute, or call us for tonight.',
            'Varaa pöytä verkossa minuutissa tai soita meille tälle illalle.',
          ),
          ctas: [
            { label: t('Book a table', 'Varaa pöytä'), action: { page: 'reservations' } },
            { label: t('Call us', 'Soita meille'), action: { phone: PHONE } },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'about',
      name: 'About',
      title: t('Our story', 'Tarinamme'),
      slug: t('about', 'tarinamme'),
      description: t('The people, producers and ideas behind the restaurant.', 'Ihmiset, tuottajat ja ajatukset ravintolan takana.'),
    },
    [
      [
        contentPageHeader,
        'about-header',
        {
          eyebrow: t('Our story', 'Tarinamme'),
          title: t('Cooking with the seasons since 2016', 'Vuodenaikojen mukaan vuodesta 2016'),
          text: t(
            'A neighbourhood restaurant run by people who love to cook and to feed others.',
            'Kaupunginosan ravintola, jota pyörittävät ihmiset, jotka rakastavat ruoanlaittoa ja ihmisten ruokkimista.',
          ),
          align: 'center',
        },
      ],
      [
        aboutSplit,
        'kitchen',
        {
          eyebrow: t('The kitchen', 'Keittiö'),
          title: t('Short distances, long friendships', 'Lyhyet matkat, pitkät ystävyydet'),
          paragraphs: [
            t(
              'Almost everything we cook comes from within 200 kilometres: fish from the archipelago, vegetables from two farms in Uusimaa, and berries and mushrooms from pickers we have known for years.',
              'Lähes kaikki, mitä valmistamme, tulee alle 200 kilometrin päästä: kala saaristosta, kasvikset kahdelta uusmaalaiselta tilalta ja marjat ja sienet poimijoilta, jotka olemme tunteneet vuosia.',
            ),
            t(
              'We bake our bread every morning and make our own stocks, pickles and jams. It takes time, and it tastes like it.',
              'Leivomme leivän joka aamu ja teemme itse liemet, säilykkeet ja hillot. Se vie aikaa, ja sen maistaa.',
            ),
          ],
          image: art('dish-salad.svg'),
          imageAlt: t('A plate of autumn greens', 'Lautasellinen syksyn vihreitä'),
          stats: [],
          reverse: true,
        },
      ],
      [
        teamGrid,
        'team',
        {
          eyebrow: t('The team', 'Tiimi'),
          title: t('The people behind the pass', 'Ihmiset annostelupisteen takana'),
          text: t('Small enough that everyone knows the regulars by name.', 'Niin pieni, että kaikki tuntevat kanta-asiakkaat nimeltä.'),
          alt: true,
          people: [
            {
              name: t('Aino Virtanen', 'Aino Virtanen'),
              role: t('Owner and host', 'Omistaja ja salin emäntä'),
              bio: t(
                'Makes sure every guest leaves happier than they arrived.',
                'Pitää huolen, että jokainen vieras lähtee iloisempana kuin tuli.',
              ),
              photo: art('person-1.svg'),
            },
            {
              name: t('Jussi Lehtonen', 'Jussi Lehtonen'),
              role: t('Head chef', 'Keittiömestari'),
              bio: t(
                'Fifteen years in Nordic kitchens; happiest in the forest.',
                'Viisitoista vuotta pohjoismaisissa keittiöissä; onnellisin metsässä.',
              ),
              photo: art('person-2.svg'),
            },
            {
              name: t('Elsa Nieminen', 'Elsa Nieminen'),
              role: t('Pastry and bread', 'Leivonta ja jälkiruoat'),
              bio: t('Starts the ovens at six, and the blueberry pie is hers.', 'Sytyttää uunit kuudelta, ja mustikkapiirakka on hänen.'),
              photo: art('person-3.svg'),
            },
          ],
        },
      ],
      [
        timelineSteps,
        'history',
        {
          eyebrow: t('Milestones', 'Virstanpylväitä'),
          title: t('Ten years by the harbour', 'Kymmenen vuotta sataman laidalla'),
          events: [
            {
              date: '2016',
              title: t('Doors open', 'Ovet aukeavat'),
              text: t(
                'Twenty seats, one oven and a menu written on a chalkboard.',
                'Kaksikymmentä paikkaa, yksi uuni ja liitutaululle kirjoitettu lista.',
              ),
            },
            {
              date: '2019',
              title: t('The dining room doubles', 'Sali kasvaa kaksinkertaiseksi'),
              text: t('We take over the old ticket office next door.', 'Otamme käyttöön viereisen vanhan lipputoimiston.'),
            },
            {
              date: '2023',
              title: t('Our own bakery', 'Oma leipomo'),
              text: t(
                'Bread, buns and pies now come from our own ovens every morning.',
                'Leivät, pullat ja piirakat tulevat nyt joka aamu omista uuneistamme.',
              ),
            },
            {
              date: '2026',
              title: t('Ten summers on the terrace', 'Kymmenen kesää terassilla'),
              text: t('Still here, still cooking what the season brings.', 'Yhä täällä, yhä kauden antimia laittamassa.'),
            },
          ],
        },
      ],
      [
        galleryGrid,
        'pictures',
        {
          eyebrow: t('From our kitchen', 'Keittiöstämme'),
          title: t('A taste of the season', 'Maistiainen kaudesta'),
          alt: true,
          images: [
            { image: art('dish-salmon.svg'), alt: t('Pan-roasted Arctic char', 'Paahdettua nieriää') },
            { image: art('dish-soup.svg'), alt: t('Chanterelle soup', 'Kantarellikeitto') },
            { image: art('dish-mushroom.svg'), alt: t('Wild mushroom barley', 'Metsäsieniohrattoa') },
            { image: art('dish-dessert.svg'), alt: t('Blueberry pie with vanilla sauce', 'Mustikkapiirakka ja vaniljakastike') },
            { image: art('dish-bread.svg'), alt: t('Bread from our oven', 'Leipää omasta uunista') },
            { image: art('dish-salad.svg'), alt: t('Autumn greens', 'Syksyn vihreät') },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'reservations',
      name: 'Reservations',
      title: t('Book a table', 'Varaa pöytä'),
      slug: t('reservations', 'varaa-poyta'),
      description: t('Reserve a table for lunch or dinner.', 'Varaa pöytä lounaalle tai illalliselle.'),
    },
    [
      [
        formBooking,
        'booking',
        {
          eyebrow: t('Reservations', 'Pöytävaraukset'),
          title: t('Book a table', 'Varaa pöytä'),
          text: t(
            'Choose a day and a time and we will confirm by email within a few hours. For tonight, calling is quickest.',
            'Valitse päivä ja aika, niin vahvistamme varauksen sähköpostilla muutaman tunnin kuluessa. Samalle illalle soittaminen on nopeinta.',
          ),
          formName: 'booking',
          fields: [
            { kind: 'input', name: 'name', label: t('Name', 'Nimi'), required: true },
            { kind: 'input', name: 'email', type: 'email', label: t('Email', 'Sähköposti'), required: true },
            { kind: 'input', name: 'phone', type: 'tel', label: t('Phone', 'Puhelin') },
            {
              kind: 'select',
              name: 'guests',
              label: t('Guests', 'Henkilömäärä'),
              placeholder: t('Choose…', 'Valitse…'),
              required: true,
              options: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
                value: String(n),
                label: n === 1 ? t('1 person', '1 henkilö') : t(`${n} people`, `${n} henkeä`),
              })),
            },
            { kind: 'input', name: 'date', type: 'date', label: t('Date', 'Päivämäärä'), required: true },
            {
              kind: 'select',
              name: 'time',
              label: t('Time', 'Kellonaika'),
              placeholder: t('Choose…', 'Valitse…'),
              required: true,
              options: ['11:30', '12:00', '12:30', '13:00', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30'].map(
                (v) => ({ value: v, label: v }),
              ),
            },
            {
              kind: 'textarea',
              name: 'notes',
              label: t('Anything we should know?', 'Jotain, mitä meidän pitäisi tietää?'),
              placeholder: t('Allergies, a high chair, a birthday…', 'Allergiat, syöttötuoli, syntymäpäivä…'),
            },
            {
              kind: 'checkbox',
              name: 'consent',
              label: t(
                'I agree that my details are used to handle this booking, as described in the privacy policy.',
                'Hyväksyn, että tietojani käytetään tämän varauksen käsittelyyn tietosuojaselosteen mukaisesti.',
              ),
              required: true,
            },
          ],
          submit: t('Request a table', 'Lähetä varauspyyntö'),
          note: t('Free cancellation up to 24 hours before.', 'Maksuton peruutus 24 tuntia ennen.'),
          asideTitle: t('Good to know', 'Hyvä tietää'),
          aside: [
            {
              icon: 'bi:people',
              title: t('Groups', 'Ryhmät'),
              text: t(
                'For nine or more, write to us and we will plan a menu together.',
                'Yli kahdeksan hengen ryhmille suunnittelemme menun yhdessä: kirjoita meille.',
              ),
            },
            {
              icon: 'bi:door-open',
              title: t('Walk-ins', 'Ilman varausta'),
              text: t(
                'We keep a few tables free every evening for those who drop by.',
                'Pidämme joka ilta muutaman pöydän vapaana ohikulkijoille.',
              ),
            },
            {
              icon: 'bi:telephone',
              title: t('Tonight', 'Tänä iltana'),
              text: t(`Call ${PHONE}; calling is quickest.`, `Soita ${PHONE}, se on nopeinta.`),
            },
          ],
        },
      ],
      [
        faqAccordion,
        'booking-faq',
        {
          eyebrow: t('Questions', 'Kysymyksiä'),
          title: t('Before you come', 'Ennen tuloasi'),
          alt: true,
          questions: [
            {
              question: t('Can you cater for allergies?', 'Huomioitteko allergiat?'),
              answer: t(
                'Yes. Most dishes can be made gluten-free or lactose-free, and we always have a vegan main. Mention allergies when booking and again when you order.',
                'Kyllä. Useimmat annokset saa gluteenittomina tai laktoosittomina, ja listalla on aina vegaaninen pääruoka. Mainitse allergioista varatessa ja uudelleen tilatessa.',
              ),
            },
            {
              question: t('Are children welcome?', 'Ovatko lapset tervetulleita?'),
              answer: t(
                'Very. We have high chairs, a short children’s menu and crayons at the ready.',
                'Todella. Meillä on syöttötuoleja, lyhyt lasten lista ja värikyniä valmiina.',
              ),
            },
            {
              question: t('Is the restaurant accessible?', 'Onko ravintolaan esteetön pääsy?'),
              answer: t(
                'The entrance and dining room are step-free, and we have an accessible toilet.',
                'Sisäänkäynti ja sali ovat portaattomia, ja meillä on esteetön WC.',
              ),
            },
            {
              question: t('How do I cancel a booking?', 'Miten peruutan varauksen?'),
              answer: t(
                `Reply to your confirmation email or call ${PHONE}. Cancelling is free up to 24 hours before.`,
                `Vastaa vahvistusviestiin tai soita ${PHONE}. Peruutus on maksuton 24 tuntia ennen.`,
              ),
            },
          ],
          more: {
            text: t('Another question?', 'Muuta kysyttävää?'),
            link: { label: t('Email us', 'Lähetä sähköpostia'), action: { email: EMAIL } },
          },
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'privacy',
      name: 'Privacy',
      title: t('Privacy policy', 'Tietosuojaseloste'),
      slug: t('privacy', 'tietosuoja'),
      description: t('How we handle your personal data.', 'Miten käsittelemme henkilötietojasi.'),
    },
    [
      [
        legalText,
        'privacy',
        {
          title: t('Privacy policy', 'Tietosuojaseloste'),
          updated: t('Last updated 1 November 2026', 'Päivitetty 1.11.2026'),
          body: {
            _loc: true,
            en: [
              {
                type: 'p',
                value:
                  'This policy explains how {legal.company_name} handles personal data when you book a table, contact us or visit this website.',
              },
              { type: 'h2', value: 'Controller' },
              {
                type: 'p',
                value:
                  '{legal.company_name} (business ID {legal.company_business_id}), {legal.company_address}. Contact for privacy matters: {legal.dpo_name}, {legal.dpo_email}.',
              },
              { type: 'h2', value: 'What we collect and why' },
              {
                type: 'ul',
                value: [
                  'Bookings: your name, email, phone number, the date and size of your party and any notes, so we can hold your table and prepare for your visit.',
                  'Messages: what you send us by email or through a form, so we can answer.',
                  'This website: technical data your browser sends, kept for at most 30 days to keep the site secure.',
                ],
              },
              { type: 'h2', value: 'How long we keep it' },
              {
                type: 'p',
                value: 'Booking details are deleted 12 months after your visit, unless the law requires us to keep them longer.',
              },
              { type: 'h2', value: 'Your rights' },
              {
                type: 'p',
                value:
                  'You can ask to see, correct or delete your data, or object to its use, by writing to {legal.dpo_email}. You can also complain to the Data Protection Ombudsman.',
              },
              { type: 'h2', value: 'Accessibility' },
              {
                type: 'p',
                value: 'If anything on this site is hard to use, tell {legal.accessibility_name} at {legal.accessibility_email}.',
              },
            ],
            fi: [
              {
                type: 'p',
                value:
                  'Tässä selosteessa kerrotaan, miten {legal.company_name} käsittelee henkilötietoja, kun varaat pöydän, otat meihin yhteyttä tai käytät tätä verkkosivustoa.',
              },
              { type: 'h2', value: 'Rekisterinpitäjä' },
              {
                type: 'p',
                value:
                  '{legal.company_name} (Y-tunnus {legal.company_business_id}), {legal.company_address}. Tietosuoja-asiat: {legal.dpo_name}, {legal.dpo_email}.',
              },
              { type: 'h2', value: 'Mitä keräämme ja miksi' },
              {
                type: 'ul',
                value: [
                  'Varaukset: nimesi, sähköpostiosoitteesi, puhelinnumerosi, seurueen koko ja päivä sekä lisätiedot, jotta voimme pitää pöydän ja valmistautua käyntiisi.',
                  'Viestit: mitä lähetät meille sähköpostilla tai lomakkeella, jotta voimme vastata.',
                  'Verkkosivusto: selaimesi lähettämät tekniset tiedot, joita säilytetään enintään 30 päivää sivuston turvallisuuden vuoksi.',
                ],
              },
              { type: 'h2', value: 'Säilytysaika' },
              {
                type: 'p',
                value: 'Varaustiedot poistetaan 12 kuukauden kuluttua käynnistäsi, ellei laki vaadi säilyttämään niitä pidempään.',
              },
              { type: 'h2', value: 'Oikeutesi' },
              {
                type: 'p',
                value:
                  'Voit pyytää saada nähdä, korjata tai poistaa tietosi tai vastustaa niiden käyttöä kirjoittamalla osoitteeseen {legal.dpo_email}. Voit myös tehdä valituksen tietosuojavaltuutetulle.',
              },
              { type: 'h2', value: 'Saavutettavuus' },
              {
                type: 'p',
                value: 'Jos jokin sivustolla on vaikeakäyttöistä, kerro siitä: {legal.accessibility_name}, {legal.accessibility_email}.',
              },
            ],
          },
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      ...specialPage(
        '404',
        t('Page not found', 'Sivua ei löytynyt'),
        t('The page you were looking for does not exist.', 'Etsimääsi sivua ei ole.'),
      ),
    },
    [
      [
        notFoundSimple,
        'not-found',
        {
          code: '404',
          title: t('This table is not set', 'Tätä pöytää ei ole katettu'),
          text: t('The page you were looking for does not exist, or it has moved.', 'Etsimääsi sivua ei ole, tai se on siirtynyt.'),
          suggestion: t('Were you looking for {link}?', 'Etsitkö sivua {link}?'),
          ctas: [
            { label: t('Back to the front page', 'Takaisin etusivulle'), action: { page: 'home' } },
            { label: t('See the menu', 'Katso ruokalista'), action: { page: 'menu' } },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    specialPage('_after', t('Footer', 'Alatunniste')),
    [
      [
        footerBusiness,
        'footer',
        {
          brand: '{site.name}',
          mark: 'bi:fire',
          blurb: t('Seasonal Nordic cooking by the sea, since 2016.', 'Pohjoismaista kausiruokaa meren äärellä vuodesta 2016.'),
          addressTitle: t('Find us', 'Löydä meidät'),
          address: ADDRESS,
          directions: {
            label: t('Get directions', 'Reittiohjeet'),
            action: { url: 'https://www.openstreetmap.org/search?query=Etel%C3%A4ranta%2014%20Helsinki', blank: true },
          },
          hoursTitle: t('Opening hours', 'Aukioloajat'),
          hours: HOURS,
          contactTitle: t('Contact', 'Yhteystiedot'),
          phone: PHONE,
          email: EMAIL,
          legal: [
            { label: t('Privacy policy', 'Tietosuojaseloste'), action: { page: 'privacy' } },
            { label: t('Book a table', 'Varaa pöytä'), action: { page: 'reservations' } },
          ],
          copyright: t(
            '© {copyright.year} {legal.company_name} · Business ID {legal.company_business_id}',
            '© {copyright.year} {legal.company_name} · Y-tunnus {legal.company_business_id}',
          ),
        },
      ],
    ],
    art,
  );

  return doc;
}
