import type { SiteDoc } from '../../model/document.js';
import { templateArt } from '../assets.js';
import { contactSplit } from '../sections/contact.js';
import { contentPageHeader, notFoundSimple } from '../sections/content.js';
import { ctaBanner } from '../sections/cta.js';
import { faqAccordion, faqSplit } from '../sections/faq.js';
import { featureGrid, featureSplit } from '../sections/feature.js';
import { footerColumns } from '../sections/footer.js';
import { heroCentered } from '../sections/hero.js';
import { navBar } from '../sections/navigation.js';
import { logosRow, statsCounters, testimonialCards } from '../sections/people.js';
import { pricingTiers } from '../sections/pricing.js';
import { LOOKS } from '../theme.js';
import { addPage, newDoc, specialPage } from './common.js';

/**
 * Launch: a landing site for a software product (a release-management tool). Copy speaks of the
 * product as `{site.name}`, so it reads right under whatever name the site is given.
 */
export function launchSite(name: string, colors: { primary: string; secondary: string }): SiteDoc {
  const art = templateArt('launch', colors);
  const doc = newDoc({
    name,
    description: 'Plan, review and roll out every release from one calm workspace.',
    languages: ['en'],
    look: LOOKS.launch,
    colors,
    site: { email: 'hello@launch.example', phone: '+358 9 4245 1000', image: art('share.png') },
    meta: { title: `${name} — ship faster without breaking what works`, image: art('share.png') },
    social: {
      x: 'https://x.com/pagewright',
      linkedin: 'https://www.linkedin.com/company/pagewright',
      github: 'https://github.com/pagewright',
      youtube: 'https://www.youtube.com/@pagewright',
    },
  });

  const questions = [
    {
      question: 'How long does setup take?',
      answer:
        'Most teams connect their repository and ship their first release through {site.name} on the same day. The guided setup takes about fifteen minutes.',
    },
    {
      question: 'Does it work with our CI?',
      answer:
        'Yes. {site.name} works with GitHub Actions, GitLab CI, CircleCI, Jenkins and anything else that can call a webhook. Your pipeline stays exactly as it is.',
    },
    {
      question: 'What happens when a release goes wrong?',
      answer:
        'Health checks watch error rates and latency during every rollout. If they cross the limits you set, the rollout pauses and rolls back on its own, and the right people are told.',
    },
    {
      question: 'Can we try it before we buy?',
      answer:
        'Every plan starts with a 14-day trial of everything, no credit card needed. At the end, choose a plan or keep the free Starter plan.',
    },
    {
      question: 'Where is our data kept?',
      answer:
        'In the European Union, encrypted at rest and in transit. We never see your source code: {site.name} reads release metadata only.',
    },
    {
      question: 'Do you offer discounts?',
      answer:
        'Open-source projects and registered non-profits use {site.name} for free. Start-ups under two years old get half off for their first year.',
    },
  ];

  addPage(
    doc,
    specialPage('_before', 'Header'),
    [
      [
        navBar,
        'header',
        {
          pages: ['features', 'pricing', 'contact'],
          labelField: 'name',
          mark: 'bi:rocket-takeoff-fill',
          secondary: { label: 'Sign in', action: { page: 'contact' } },
          cta: { label: 'Start free trial', action: { page: 'pricing' } },
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
      title: `${name} — ship faster without breaking what works`,
      description:
        'Plan, review and roll out every release from one calm workspace. Staged rollouts, automatic rollbacks and release notes that write themselves.',
      share: art('share.png'),
    },
    [
      [
        heroCentered,
        'hero',
        {
          badge: { label: 'New', link: 'Automatic rollbacks are here', action: { page: 'features' } },
          title: 'Ship faster without breaking what works',
          text: '{site.name} turns every release into a calm, repeatable routine: plan the work, review it together and roll it out to the right people at the right time.',
          ctas: [
            { label: 'Start your free trial', action: { page: 'pricing' } },
            { label: 'Book a demo', action: { page: 'contact' } },
          ],
          note: 'Free for 14 days. No credit card required.',
          image: art('product.svg'),
          imageAlt: 'The release dashboard: rollout progress, error rates and recent deploys',
        },
      ],
      [
        logosRow,
        'logos',
        {
          title: 'Trusted by more than 4,000 product teams',
          logos: ['Northwind', 'Lumen', 'Halcyon', 'Kestrel', 'Orbital', 'Juniper'].map((n, i) => ({
            src: art(`logo-${i + 1}.svg`),
            alt: n,
          })),
        },
      ],
      [
        featureGrid,
        'features',
        {
          eyebrow: 'Everything in one place',
          title: 'Releases without the drama',
          text: 'The routines great engineering teams swear by, built in from the first day.',
          anchor: 'features',
          features: [
            {
              icon: 'bi:kanban',
              title: 'Release planning',
              text: 'Group changes into releases, see what is ready at a glance and agree on a date everyone can see.',
            },
            {
              icon: 'bi:sliders',
              title: 'Staged rollouts',
              text: 'Start with one percent of users, watch the numbers, then widen the circle with one click.',
            },
            {
              icon: 'bi:arrow-counterclockwise',
              title: 'Automatic rollbacks',
              text: 'When error rates climb, the rollout stops and reverts before most customers notice anything.',
            },
            {
              icon: 'bi:chat-square-text',
              title: 'Review together',
              text: 'Product, design and engineering sign off in one place, with the full history kept.',
            },
            {
              icon: 'bi:file-earmark-text',
              title: 'Release notes, written',
              text: 'Changes become readable release notes for customers and a changelog for your team.',
            },
            {
              icon: 'bi:plug',
              title: 'Fits your stack',
              text: 'Works with the CI, feature flags and chat tools you already use. No migration project.',
            },
          ],
        },
      ],
      [
        featureSplit,
        'rollouts',
        {
          eyebrow: 'Staged rollouts',
          title: 'See every change before your customers do',
          text: 'Every release moves through stages you define: your team first, then a small share of customers, then everyone. At each step {site.name} compares error rates and performance against the last release.',
          points: [
            'Health checks on errors, latency and the metrics you choose',
            'Pause, widen or roll back from the dashboard or from chat',
            'A full audit trail of who shipped what, and when',
          ],
          image: art('feature-1.svg'),
          imageAlt: 'Releases moving through rollout stages',
          ctas: [{ label: 'Explore features', action: { page: 'features' } }],
          alt: true,
        },
      ],
      [
        statsCounters,
        'stats',
        {
          eyebrow: 'By the numbers',
          title: 'Teams ship more, and sleep better',
          dark: true,
          stats: [
            { value: 4200, suffix: '+', label: 'product teams' },
            { value: 38, suffix: 'M', label: 'releases shipped' },
            { value: 63, suffix: '%', label: 'fewer incidents in the first quarter' },
            { value: 12, suffix: ' min', label: 'median time from merge to production' },
          ],
        },
      ],
      [
        testimonialCards,
        'testimonials',
        {
          eyebrow: 'Customer stories',
          title: 'Loved by the people who ship',
          quotes: [
            {
              quote: 'We went from a release every fortnight to several a day, and our on-call rota has never been quieter.',
              name: 'Aino Mäkelä',
              role: 'VP Engineering, Lumen',
              photo: art('person-1.svg'),
            },
            {
              quote:
                'The staged rollouts paid for themselves the first week. A bad migration stopped at two percent of users instead of all of them.',
              name: 'James Carter',
              role: 'CTO, Northwind',
              photo: art('person-2.svg'),
            },
            {
              quote: 'Product finally knows what is shipping and when, without asking in five channels. That alone was worth it.',
              name: 'Sofia Berg',
              role: 'Head of Product, Halcyon',
              photo: art('person-3.svg'),
            },
          ],
        },
      ],
      [
        faqAccordion,
        'faq',
        {
          eyebrow: 'FAQ',
          title: 'Questions teams ask us',
          questions: questions.slice(0, 4),
          more: { text: 'Something else on your mind?', link: { label: 'Talk to our team', action: { page: 'contact' } } },
          alt: true,
        },
      ],
      [
        ctaBanner,
        'cta',
        {
          title: 'Your next release could be your calmest yet',
          text: 'Start a free trial today. Set-up takes fifteen minutes, and our engineers are on hand if you need them.',
          ctas: [
            { label: 'Start free trial', action: { page: 'pricing' } },
            { label: 'Book a demo', action: { page: 'contact' } },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'features',
      name: 'Features',
      title: 'Features',
      description: 'Release planning, staged rollouts, automatic rollbacks and release notes in one place.',
    },
    [
      [
        contentPageHeader,
        'features-header',
        {
          eyebrow: 'Features',
          title: 'Everything a release needs',
          text: 'From the first pull request to the last customer, {site.name} keeps every release visible, reviewed and reversible.',
          align: 'center',
          ctas: [{ label: 'Start free trial', action: { page: 'pricing' } }],
        },
      ],
      [
        featureSplit,
        'planning',
        {
          eyebrow: 'Plan',
          title: 'One plan everybody can read',
          text: 'Changes from every repository gather into releases automatically. Product sees what is coming, support sees what has changed, and engineering sees what is blocked.',
          points: [
            'Releases built from merged pull requests',
            'Owners, due dates and status at a glance',
            'A calendar the whole company can subscribe to',
          ],
          image: art('feature-2.svg'),
          imageAlt: 'A release timeline with planned and shipped releases',
          ctas: [{ label: 'Compare plans for release planning', action: { page: 'pricing' } }],
        },
      ],
      [
        featureSplit,
        'rollback',
        {
          eyebrow: 'Protect',
          title: 'Roll back before anyone notices',
          text: 'Set the limits that matter for your product. If a release pushes error rates or latency past them, {site.name} stops the rollout and returns to the last good version on its own.',
          points: [
            'Limits per service and per stage',
            'Rollbacks in seconds, not meetings',
            'A clear summary of what happened, for the retrospective',
          ],
          image: art('feature-1.svg'),
          imageAlt: 'A rollout paused by a health check',
          ctas: [{ label: 'See the monitoring tools behind rollbacks', action: { page: 'features', fragment: 'integrations' } }],
          reverse: true,
          alt: true,
        },
      ],
      [
        featureGrid,
        'integrations',
        {
          eyebrow: 'Integrations',
          title: 'Works with the tools you already use',
          text: 'Connect in minutes. No agents to install, no pipelines to rewrite.',
          anchor: 'integrations',
          features: [
            { icon: 'bi:github', title: 'GitHub and GitLab', text: 'Pull requests, tags and deployments flow in on their own.' },
            { icon: 'bi:slack', title: 'Slack and Teams', text: 'Approve, pause and roll back without leaving the conversation.' },
            { icon: 'bi:flag', title: 'Feature flags', text: 'LaunchDarkly, Unleash and Flagsmith, or the flags built into {site.name}.' },
            { icon: 'bi:activity', title: 'Monitoring', text: 'Datadog, Grafana, Sentry and Prometheus feed the health checks.' },
            { icon: 'bi:ticket-detailed', title: 'Issue trackers', text: 'Jira and Linear issues close themselves when the fix ships.' },
            { icon: 'bi:code-slash', title: 'An open API', text: 'Everything in the dashboard is in the API, documented and versioned.' },
          ],
        },
      ],
      [
        ctaBanner,
        'features-cta',
        {
          title: 'See it with your own releases',
          text: 'A thirty-minute demo with one of our engineers, on your stack.',
          ctas: [
            { label: 'Book a demo', action: { page: 'contact' } },
            { label: 'See pricing', action: { page: 'pricing' } },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'pricing',
      name: 'Pricing',
      title: 'Pricing',
      description: 'Simple plans that grow with you. Every plan starts with a 14-day free trial.',
    },
    [
      [
        pricingTiers,
        'plans',
        {
          level: 1,
          eyebrow: 'Pricing',
          title: 'Plans that grow with your team',
          text: 'Start free, upgrade when you need more. Every paid plan begins with a 14-day trial of everything.',
          note: 'Prices in euros, excluding VAT. Pay yearly and get two months free.',
          tiers: [
            {
              name: 'Starter',
              description: 'For side projects and small teams finding their rhythm.',
              price: '€0',
              period: 'up to 3 people',
              cta: { label: 'Start for free', action: { page: 'contact' } },
              features: ['Unlimited releases', 'Two environments', 'Release notes', 'Community support'],
            },
            {
              name: 'Team',
              description: 'For product teams shipping every day.',
              price: '€29',
              period: 'per person / month',
              cta: { label: 'Start free trial', action: { page: 'contact' } },
              features: [
                'Everything in Starter',
                'Staged rollouts',
                'Automatic rollbacks',
                'Slack and Teams approvals',
                'Support within one working day',
              ],
              featured: true,
              badge: 'Most popular',
            },
            {
              name: 'Enterprise',
              description: 'For organisations with many teams and stricter rules.',
              price: 'Custom',
              period: 'billed yearly',
              cta: { label: 'Talk to sales', action: { page: 'contact' } },
              features: [
                'Everything in Team',
                'Single sign-on and SCIM',
                'Audit log export',
                'Data residency options',
                'A named support engineer',
              ],
            },
          ],
        },
      ],
      [
        faqSplit,
        'pricing-faq',
        {
          eyebrow: 'FAQ',
          title: 'Questions about pricing',
          text: 'Straight answers about plans, billing and trials.',
          questions,
          more: { text: 'Need a quote or an invoice?', link: { label: 'Contact sales', action: { page: 'contact' } } },
          alt: true,
        },
      ],
      [
        ctaBanner,
        'pricing-cta',
        {
          title: 'Start shipping calmly today',
          text: 'Fourteen days of everything, free. No credit card needed.',
          ctas: [
            { label: 'Start free trial', action: { page: 'contact' } },
            { label: 'Book a demo', action: { page: 'contact' } },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    { id: 'contact', name: 'Contact', title: 'Contact us', description: 'Book a demo, ask about pricing or get help from our team.' },
    [
      [
        contactSplit,
        'contact',
        {
          eyebrow: 'Contact',
          title: 'Talk to the team',
          text: 'Book a demo, ask about Enterprise or tell us what you are building. A real person answers within one working day.',
          details: [
            {
              icon: 'bi:envelope',
              label: 'Sales and general questions',
              value: 'hello@launch.example',
              action: { email: 'hello@launch.example' },
            },
            {
              icon: 'bi:life-preserver',
              label: 'Customer support',
              value: 'support@launch.example',
              action: { email: 'support@launch.example' },
            },
            { icon: 'bi:telephone', label: 'Phone, weekdays 9–17 CET', value: '+358 9 4245 1000', action: { phone: '+358942451000' } },
            { icon: 'bi:geo-alt', label: 'Office', value: 'Lapinlahdenkatu 16, 00180 Helsinki, Finland' },
          ],
          formName: 'contact',
          fields: [
            { kind: 'input', name: 'name', label: 'Full name', required: true },
            { kind: 'input', name: 'email', type: 'email', label: 'Work email', required: true },
            { kind: 'input', name: 'company', label: 'Company' },
            {
              kind: 'select',
              name: 'team',
              label: 'Team size',
              options: [
                { value: '1-10', label: '1–10 people' },
                { value: '11-50', label: '11–50 people' },
                { value: '51-200', label: '51–200 people' },
                { value: '200+', label: 'More than 200' },
              ],
            },
            { kind: 'textarea', name: 'message', label: 'What would you like to talk about?', required: true },
          ],
          submit: 'Send message',
          note: 'We reply within one working day.',
        },
      ],
      [
        faqAccordion,
        'contact-faq',
        { eyebrow: 'Before you write', title: 'Quick answers', questions: questions.slice(1, 5), more: undefined, alt: true },
      ],
    ],
    art,
  );

  addPage(
    doc,
    specialPage('404', 'Page not found', 'The page you were looking for does not exist.'),
    [[notFoundSimple, 'not-found', {}]],
    art,
  );

  addPage(
    doc,
    specialPage('_after', 'Footer'),
    [
      [
        footerColumns,
        'footer',
        {
          mark: 'bi:rocket-takeoff-fill',
          blurb: 'The release workflow for product teams who would rather ship than firefight.',
          columns: [
            {
              title: 'Product',
              links: [
                { label: 'Features', action: { page: 'features' } },
                { label: 'Integrations', action: { page: 'features', fragment: 'integrations' } },
                { label: 'Pricing', action: { page: 'pricing' } },
              ],
            },
            {
              title: 'Company',
              links: [
                { label: 'Contact', action: { page: 'contact' } },
                { label: 'Customers', action: { page: 'home', fragment: 'testimonials' } },
                { label: 'Book a demo', action: { page: 'contact' } },
              ],
            },
            {
              title: 'Support',
              links: [
                { label: 'FAQ', action: { page: 'pricing', fragment: 'pricing-faq' } },
                { label: 'Email support', action: { email: 'support@launch.example' } },
                { label: 'Status', action: { url: 'https://status.launch.example', blank: true } },
              ],
            },
          ],
          legal: [{ label: 'Contact', action: { page: 'contact' } }],
          copyright: '© {copyright.year} {site.name}. All rights reserved.',
        },
      ],
    ],
    art,
  );

  return doc;
}
