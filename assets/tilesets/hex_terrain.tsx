<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hex_terrain" tilewidth="64" tileheight="56" tilecount="16" columns="4">
 <image source="hex_terrain.png" width="256" height="224"/>
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="terrain" value="slope"/>
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="terrain" value="hilltop"/>
  </properties>
 </tile>
 <tile id="4" type="terrain">
  <properties>
   <property name="terrain" value="swamp"/>
  </properties>
 </tile>
 <tile id="5" type="terrain">
  <properties>
   <property name="terrain" value="lake"/>
  </properties>
 </tile>
 <tile id="6" type="terrain">
  <properties>
   <property name="terrain" value="river"/>
  </properties>
 </tile>
 <tile id="7" type="terrain">
  <properties>
   <property name="terrain" value="city"/>
  </properties>
 </tile>
 <tile id="8" type="terrain">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="9" type="terrain">
  <properties>
   <property name="terrain" value="rubble"/>
  </properties>
 </tile>
 <tile id="10" type="terrain">
  <properties>
   <property name="terrain" value="bridge"/>
  </properties>
 </tile>
 <tile id="11" type="terrain">
  <properties>
   <property name="terrain" value="fortress"/>
  </properties>
 </tile>
 <tile id="12" type="feature">
  <properties>
   <property name="feature" value="city"/>
  </properties>
 </tile>
 <tile id="13" type="feature">
  <properties>
   <property name="feature" value="bridge"/>
  </properties>
 </tile>
 <tile id="14" type="feature">
  <properties>
   <property name="feature" value="rubble"/>
  </properties>
 </tile>
 <tile id="15" type="feature">
  <properties>
   <property name="feature" value="fortress"/>
  </properties>
 </tile>
</tileset>
