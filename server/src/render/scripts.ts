/**
 * The only JavaScript a compiled page ships: one small inline script per interactive feature the
 * page uses (a page without any ships none). Each is self-contained and idempotent, respects
 * reduced motion where it animates, and leaves the server-rendered content readable without it.
 */
export const SCRIPTS: Record<string, string> = {
  /** Counters count up to their final value (already in the HTML) when they come into view. */
  counter:
    "(()=>{if(matchMedia('(prefers-reduced-motion: reduce)').matches)return;const f=(n,s)=>String(n).replace(/\\B(?=(\\d{3})+(?!\\d))/g,s);const o=new IntersectionObserver(es=>{for(const e of es){if(!e.isIntersecting)continue;o.unobserve(e.target);const t=e.target,v=+t.dataset.counter,d=+t.dataset.duration||2000,s=t.dataset.sep||'',lin=t.dataset.timing==='linear',t0=performance.now();const k=n=>{const p=Math.min(1,(n-t0)/d),q=lin?p:1-Math.pow(1-p,3);t.textContent=f(Math.round(v*q),s);if(p<1)requestAnimationFrame(k)};requestAnimationFrame(k)}});document.querySelectorAll('[data-counter]').forEach(e=>o.observe(e))})()",
  /** Timers count down to `data-timer` each second. */
  timer:
    "(()=>{const u=['day','hour','minute','second'];document.querySelectorAll('[data-timer]').forEach(t=>{const end=Date.parse(t.dataset.timer),l=document.documentElement.lang,fs=u.map(x=>new Intl.NumberFormat(l,{style:'unit',unit:x,unitDisplay:'long'})),ps=t.querySelectorAll('[data-t]');const tick=()=>{const s=Math.max(0,Math.floor((end-Date.now())/1e3)),v=[Math.floor(s/86400),Math.floor(s%86400/3600),Math.floor(s%3600/60),s%60];ps.forEach((p,i)=>{p.textContent=fs[i].format(v[i])});if(s>0)setTimeout(tick,1000-Date.now()%1000)};tick()})})()",
  /** YouTube on click: the thumbnail button becomes the player, so nothing loads from YouTube before. */
  youtube:
    "document.addEventListener('click',e=>{const b=e.target.closest&&e.target.closest('button[data-youtube]');if(!b)return;const f=document.createElement('iframe');f.src=b.dataset.youtube;f.title=b.dataset.title;f.allow='accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';f.allowFullscreen=true;f.referrerPolicy='strict-origin-when-cross-origin';f.className=b.className;f.width=b.dataset.w;f.height=b.dataset.h;b.replaceWith(f);f.focus()})",
  /** Dots for a scrolling container: one button per child, the visible one marked current. */
  dots: "document.querySelectorAll('[data-dots]').forEach(d=>{const t=d.dataset.dots?document.getElementById(d.dataset.dots):document.querySelector('[data-dots-target]');if(!t)return;const cs=[...t.children];cs.forEach((c,i)=>{const b=document.createElement('button');b.type='button';b.className=d.dataset.dotClass||'';b.setAttribute('aria-label',(i+1)+' / '+cs.length);b.onclick=()=>c.scrollIntoView({behavior:'smooth',block:'nearest',inline:'start'});d.appendChild(b)});const o=new IntersectionObserver(es=>es.forEach(e=>{if(e.isIntersecting){const i=cs.indexOf(e.target);[...d.children].forEach((b,j)=>b.setAttribute('aria-current',String(j===i)))}}),{root:t,threshold:.6});cs.forEach(c=>o.observe(c))})",
  /** "Did you mean": the closest page to the address that was not found. */
  didYouMean:
    "document.querySelectorAll('[data-did-you-mean]').forEach(p=>{const ps=JSON.parse(p.dataset.didYouMean),h=location.pathname.toLowerCase();const L=(a,b)=>{const m=[...Array(b.length+1).keys()];for(let i=1;i<=a.length;i++){let q=m[0];m[0]=i;for(let j=1;j<=b.length;j++){const t=m[j];m[j]=Math.min(m[j]+1,m[j-1]+1,q+(a[i-1]===b[j-1]?0:1));q=t}}return m[b.length]};let best=null,bd=1e9;for(const x of ps){const d=L(h,x);if(d<bd){bd=d;best=x}}if(!best||bd>Math.max(3,h.length/2))return;const a=p.querySelector('[data-dym-link]');a.href=best;a.textContent=best;p.querySelector('[data-dym]').hidden=false;const f=p.querySelector('[data-dym-fallback]');if(f)f.hidden=true})",
  /** Buttons with `data-toggle-target` open and close the element with that id (menus, panels). */
  toggle:
    "document.addEventListener('click',e=>{const b=e.target.closest&&e.target.closest('[data-toggle-target]');if(!b)return;const t=document.getElementById(b.dataset.toggleTarget);if(!t)return;const o=t.classList.toggle('open');b.setAttribute('aria-expanded',String(o))})",
  /** Entrance animations (settings.ts): a component shows as it scrolls into view, once. */
  animate:
    "(()=>{const o=new IntersectionObserver(es=>es.forEach(e=>{if(e.isIntersecting){e.target.classList.add('pw-in');o.unobserve(e.target)}}),{threshold:.1});document.querySelectorAll('[data-pw-animate]').forEach(e=>o.observe(e))})()",
  /** `stuck:` and `offscreen:` states: sticky elements that stick, elements outside the viewport. */
  states:
    "(()=>{const s=new IntersectionObserver(es=>es.forEach(e=>e.target.classList.toggle('stuck',e.intersectionRatio<1)),{threshold:[1],rootMargin:'-1px 0px 0px 0px'});const o=new IntersectionObserver(es=>es.forEach(e=>e.target.classList.toggle('offscreen',!e.isIntersecting)));document.querySelectorAll('[class*=\"stuck:\"]').forEach(e=>s.observe(e));document.querySelectorAll('[class*=\"offscreen:\"]').forEach(e=>o.observe(e))})()",
};
